import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Storage } from './s3-storage.ts';
import {
  ExcessBytesError,
  RELEASE_EVERY,
  releaseReadBuffers,
  type UploadStore,
  type WriteResult,
} from './upload-files.ts';

/** One stored piece: bytes `start`..`start + size - 1` of the source. */
interface Piece {
  key: string;
  start: number;
  size: number;
}

/**
 * `<videoId>/<start, 15 digits>-<random>`: the start offset is in the name, the size in the listing. A
 * chunk's piece (one PutObject of announced length) is `<start>-<length, 15 digits>-<random>`: a piece
 * whose listed size differs from its name's length is torn (an aborted put that an S3 implementation
 * kept in part: s3rver does; AWS S3, MinIO and Ceph never store a short PutObject) and is never used.
 */
const PIECE = /\/(\d{15})(?:-(\d{15}))?-[0-9a-f-]{36}$/;
const digits = (n: number) => String(n).padStart(15, '0');

/**
 * Upload sources in the bucket, as staged pieces (docs/storage.md "Uploads"): every request's bytes are
 * one object `uploads/<videoId>/<start>-<random>`, put whole (a chunk: one streamed PutObject of its
 * announced length; a plain upload: lib-storage's multipart Upload) before the request's offset
 * is committed, so an acknowledged chunk is in the bucket whichever instance received it, and a killed
 * instance loses none. The source is the chain of pieces covering 0..total (pieces may overlap: a
 * resent range is identical bytes); jobs join them in their scratch folder, ffmpeg needing a local file.
 * No piece size minimum applies (no multipart composition), and no UploadPartCopy is needed.
 */
export class S3Uploads implements UploadStore {
  constructor(private readonly storage: S3Storage) {}

  private async pieces(videoId: string): Promise<Piece[]> {
    const listed = await this.storage.list(videoId);
    return listed
      .map((file) => {
        const match = PIECE.exec(file.key);
        if (!match || (match[2] !== undefined && Number(match[2]) !== file.size)) return null;
        return { key: file.key, start: Number(match[1]), size: file.size };
      })
      .filter((piece): piece is Piece => piece !== null && piece.size > 0)
      .sort((a, b) => a.start - b.start || b.size - a.size);
  }

  /** The pieces that cover 0..n without a gap, each with the offset its useful bytes start from. */
  private chain(pieces: Piece[]): { steps: { piece: Piece; from: number }[]; covered: number } {
    const steps: { piece: Piece; from: number }[] = [];
    let covered = 0;
    for (;;) {
      let best: Piece | null = null;
      for (const piece of pieces) {
        if (piece.start > covered) break;
        const end = piece.start + piece.size;
        if (end > covered && (!best || end > best.start + best.size)) best = piece;
      }
      if (!best) return { steps, covered };
      steps.push({ piece: best, from: covered });
      covered = best.start + best.size;
    }
  }

  async storedBytes(videoId: string): Promise<number> {
    return this.chain(await this.pieces(videoId)).covered;
  }

  async write(
    videoId: string,
    source: Readable,
    options: { skip: number; position: number; max: number; exact?: boolean; restart?: boolean },
  ): Promise<WriteResult> {
    if (options.restart) await this.storage.removePrefix(videoId);
    // A chunk (`exact`: its Content-Range announces the length) is one PutObject of that many bytes,
    // streamed; a plain upload (length unknown) is a multipart Upload of PART_BYTES parts.
    const length = options.exact ? options.max - options.skip : 0;
    const abort = new AbortController();
    let received = 0;
    let passed = 0;
    let unreleased = 0;
    // The announced length's last byte is held back until the request's body has ended well: the put
    // cannot complete (S3 stores a PutObject once its Content-Length has arrived) for a request that
    // turns out cut, or longer than announced; aborted one byte short, nothing of it is stored.
    let held: Buffer | null = null;
    const trim = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        const before = received;
        received += chunk.length;
        if (received > options.max) return callback(new ExcessBytesError());
        if (received <= options.skip) return callback();
        let part = before < options.skip ? chunk.subarray(options.skip - before) : chunk;
        passed += part.length;
        unreleased += chunk.length;
        if (unreleased >= RELEASE_EVERY) {
          unreleased = 0;
          releaseReadBuffers();
        }
        if (length > 0 && passed === length) {
          held = part.subarray(part.length - 1);
          part = part.subarray(0, part.length - 1);
        }
        callback(null, part.length > 0 ? part : undefined);
      },
      flush(callback) {
        // A body ending short of its announced length: the PutObject must not wait for the rest.
        if (length > 0 && passed !== length) abort.abort(new Error('short chunk'));
        callback(null, held ?? undefined);
      },
    });
    const key =
      length > 0
        ? `${videoId}/${digits(options.position)}-${digits(length)}-${randomUUID()}`
        : `${videoId}/${digits(options.position)}-${randomUUID()}`;
    const putting =
      length > 0 ? this.storage.putExact(key, trim, length, abort.signal) : this.storage.putStream(key, trim);
    // A failed put stops reading the request (a put that reads no more would stall it), and a failed
    // read stops the put: nothing of this request is stored then.
    putting.catch((error: unknown) => trim.destroy(error as Error));
    const reading = pipeline(source, trim).catch((error: unknown) => {
      abort.abort(error);
      throw error;
    });
    const [read, put] = await Promise.allSettled([reading, putting]);
    const error = read.status === 'rejected' ? read.reason : null;
    if (put.status === 'rejected') {
      // Nothing of this request is durable: a resume sends it again.
      await this.storage.remove(key).catch(() => {});
      return { received, written: 0, error: error ?? put.reason };
    }
    if (passed === 0) await this.storage.remove(key);
    return { received, written: passed, error };
  }

  async complete(videoId: string, total: number): Promise<void> {
    const covered = await this.storedBytes(videoId);
    if (covered < total) throw new Error(`upload ${videoId}: ${covered} of ${total} bytes in the bucket`);
  }

  async localSource(videoId: string, scratch: string): Promise<string | null> {
    const { steps, covered } = this.chain(await this.pieces(videoId));
    if (covered === 0) return null;
    const dir = join(scratch, 'input');
    await mkdir(dir, { recursive: true });
    const target = join(dir, 'source');
    const out = createWriteStream(target);
    try {
      for (const { piece, from } of steps) {
        const file = await this.storage.open(piece.key, { start: from - piece.start });
        if (!file) throw new Error(`upload ${videoId}: piece ${piece.key} vanished`);
        await pipeline(file.stream, out, { end: false });
      }
    } finally {
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
    }
    return target;
  }

  async putSource(videoId: string, localPath: string): Promise<void> {
    await this.storage.removePrefix(videoId);
    await this.storage.putStream(`${videoId}/${digits(0)}-${randomUUID()}`, createReadStream(localPath));
    await rm(localPath, { force: true });
  }

  async heldBytes(videoId: string): Promise<number> {
    return this.storage.usedBytes(videoId);
  }

  async remove(videoId: string): Promise<void> {
    await this.storage.removePrefix(videoId);
  }
}
