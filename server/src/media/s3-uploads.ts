import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Storage } from './s3-storage.ts';
import { ExcessBytesError, type UploadStore, type WriteResult } from './upload-files.ts';

/** One stored piece: bytes `start`..`start + size - 1` of the source. */
interface Piece {
  key: string;
  start: number;
  size: number;
}

/** `<videoId>/<start, 15 digits>-<random>`: the start offset is in the name, the size in the listing. */
const PIECE = /\/(\d{15})-[0-9a-f-]{36}$/;

/**
 * Upload sources in the bucket, as staged pieces (docs/storage.md "Uploads"): every request's bytes are
 * one object `uploads/<videoId>/<start>-<random>`, put whole (lib-storage) before the request's offset
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
        return match ? { key: file.key, start: Number(match[1]), size: file.size } : null;
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
    options: { skip: number; position: number; max: number; restart?: boolean },
  ): Promise<WriteResult> {
    if (options.restart) await this.storage.removePrefix(videoId);
    let received = 0;
    let passed = 0;
    const trim = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        const before = received;
        received += chunk.length;
        if (received > options.max) return callback(new ExcessBytesError());
        if (received <= options.skip) return callback();
        const part = before < options.skip ? chunk.subarray(options.skip - before) : chunk;
        passed += part.length;
        callback(null, part);
      },
    });
    const key = `${videoId}/${String(options.position).padStart(15, '0')}-${randomUUID()}`;
    const [read, put] = await Promise.allSettled([pipeline(source, trim), this.storage.putStream(key, trim)]);
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
    await this.storage.putStream(
      `${videoId}/${'0'.padStart(15, '0')}-${randomUUID()}`,
      createReadStream(localPath),
    );
    await rm(localPath, { force: true });
  }

  async heldBytes(videoId: string): Promise<number> {
    return this.storage.usedBytes(videoId);
  }

  async remove(videoId: string): Promise<void> {
    await this.storage.removePrefix(videoId);
  }
}
