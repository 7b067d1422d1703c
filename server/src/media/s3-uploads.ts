import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
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
/** A piece's key: its start offset and length in the name (docs/storage.md "Uploads"). */
const pieceKey = (videoId: string, start: number, length: number) =>
  `${videoId}/${digits(start)}-${digits(length)}-${randomUUID()}`;

/** A plain upload's pieces: each put once full, this many at once while the next one fills. */
export const PIECE_BYTES = 8 * 1024 * 1024;
const PIECES_IN_FLIGHT = 2;
/** A local source (a joined recording) is put in pieces of at most this many bytes. */
const SOURCE_PIECE_BYTES = 4 * 1024 * 1024 * 1024;

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

  /** The pieces that cover 0..n without a gap, each with the offset its useful bytes start from. One
   * pass over the pieces (sorted by start): a plain upload of 64 GB is thousands of pieces. */
  private chain(pieces: Piece[]): { steps: { piece: Piece; from: number }[]; covered: number } {
    const steps: { piece: Piece; from: number }[] = [];
    let covered = 0;
    let i = 0;
    for (;;) {
      let best: Piece | null = null;
      for (; i < pieces.length && pieces[i]!.start <= covered; i++) {
        const piece = pieces[i]!;
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
    // streamed; a plain upload (length unknown until its body ends) is a run of PIECE_BYTES pieces.
    if (!options.exact) return this.writePieces(videoId, source, options);
    const length = options.max - options.skip;
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
    const key = pieceKey(videoId, options.position, length);
    const putting = this.storage.putExact(key, trim, length, abort.signal);
    // A failed put stops reading the request (a put that reads no more would stall it), and a failed
    // read stops the put: nothing of this request is stored then. A put that failed before anything
    // aborted it failed on the bucket's side.
    let storeFailed = false;
    putting.catch((error: unknown) => {
      storeFailed = !abort.signal.aborted;
      trim.destroy(error as Error);
    });
    const reading = pipeline(source, trim).catch((error: unknown) => {
      abort.abort(error);
      throw error;
    });
    const [read, put] = await Promise.allSettled([reading, putting]);
    const error = read.status === 'rejected' ? read.reason : null;
    if (put.status === 'rejected') {
      // Nothing of this request is durable: a resume sends it again.
      await this.storage.remove(key).catch(() => {});
      return { received, written: 0, error: error ?? put.reason, storeFailed };
    }
    if (passed === 0) await this.storage.remove(key);
    return { received, written: passed, error };
  }

  /**
   * A plain upload (its length known only when its body ends): the bytes are cut into PIECE_BYTES
   * pieces, each put as its own object of known length once full (the last one when the body ends), up
   * to PIECES_IN_FLIGHT puts at once while the next piece fills. Memory per upload is bounded by those
   * few buffers, reused; no multipart upload to complete (which would make the S3 service copy every
   * byte once more). What is answered as written is the run of stored pieces from `position` without a
   * gap: a request cut midway keeps its whole pieces.
   */
  private async writePieces(
    videoId: string,
    source: Readable,
    options: { skip: number; position: number; max: number },
  ): Promise<WriteResult> {
    const free: Buffer[] = [];
    const flights = new Set<Promise<void>>();
    /** The pieces put: their keys, start offsets (relative to `position`) and lengths. */
    const stored: { key: string; at: number; length: number }[] = [];
    let failure: unknown = null;
    let buffer: Buffer | null = null;
    let filled = 0;
    let received = 0;
    let passed = 0;
    let unreleased = 0;

    const put = (piece: Buffer, at: number) => {
      const key = pieceKey(videoId, options.position + at, piece.length);
      // Streamed from the buffer (UNSIGNED-PAYLOAD: no SHA-256 of every byte), retried from it.
      const flight = this.storage
        .putReplayable(key, () => Readable.from(piece), piece.length)
        .then(
          () => {
            stored.push({ key, at, length: piece.length });
          },
          (error: unknown) => {
            failure ??= error;
          },
        )
        .finally(() => {
          flights.delete(flight);
          if (piece.length === PIECE_BYTES && free.length < PIECES_IN_FLIGHT + 1) free.push(piece);
        });
      flights.add(flight);
      return flight;
    };
    /** Puts the piece being filled (its bytes so far). */
    const send = () => {
      if (!buffer || filled === 0) return;
      const piece = filled === PIECE_BYTES ? buffer : Buffer.from(buffer.subarray(0, filled));
      if (piece !== buffer) free.push(buffer);
      buffer = null;
      void put(piece, passed - filled);
      filled = 0;
    };

    const sink = new Writable({
      highWaterMark: 1024 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        const before = received;
        received += chunk.length;
        if (received > options.max) return callback(new ExcessBytesError());
        if (failure) return callback(failure as Error);
        if (received <= options.skip) return callback();
        let rest = before < options.skip ? chunk.subarray(options.skip - before) : chunk;
        unreleased += chunk.length;
        if (unreleased >= RELEASE_EVERY) {
          unreleased = 0;
          releaseReadBuffers();
        }
        const fill = async () => {
          while (rest.length > 0) {
            // Back pressure: no new piece until one of the puts in flight is done.
            while (!buffer && flights.size >= PIECES_IN_FLIGHT) await Promise.race(flights);
            if (failure) throw failure;
            buffer ??= free.pop() ?? Buffer.allocUnsafeSlow(PIECE_BYTES);
            const n = Math.min(rest.length, PIECE_BYTES - filled);
            rest.copy(buffer, filled, 0, n);
            filled += n;
            passed += n;
            rest = rest.subarray(n);
            if (filled === PIECE_BYTES) send();
          }
        };
        fill().then(
          () => callback(),
          (error: unknown) => callback(error as Error),
        );
      },
      final(callback) {
        send();
        callback();
      },
    });
    const read = await pipeline(source, sink).then(
      () => null,
      (error: unknown) => error,
    );
    // A cut request keeps its whole pieces; the piece it was filling is dropped.
    if (read) buffer = null;
    while (flights.size > 0) await Promise.race(flights);
    stored.sort((a, b) => a.at - b.at);
    let written = 0;
    for (const piece of stored) {
      if (piece.at !== written) break;
      written += piece.length;
    }
    // Pieces past a failed one are not part of what was written: removed, so none lingers unbilled.
    for (const piece of stored.filter((p) => p.at >= written))
      await this.storage.remove(piece.key).catch(() => {});
    // A put that failed (the bucket, not the request) is what stopped the reading, if anything did.
    const storeFailed = failure !== null && (read === null || read === failure);
    return { received, written, error: read ?? failure, storeFailed };
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
    // One file handle written piece after piece (a write stream piped into once per piece would gain
    // listeners with every piece: thousands for a large plain upload).
    const out = await open(target, 'w');
    try {
      for (const { piece, from } of steps) {
        const file = await this.storage.open(piece.key, { start: from - piece.start });
        if (!file) throw new Error(`upload ${videoId}: piece ${piece.key} vanished`);
        for await (const chunk of file.stream) await out.write(chunk as Buffer);
      }
    } finally {
      await out.close();
    }
    return target;
  }

  async putSource(videoId: string, localPath: string): Promise<void> {
    await this.storage.removePrefix(videoId);
    // One streamed PutObject of known length per SOURCE_PIECE_BYTES (S3 takes at most 5 GiB in one),
    // retried from the file like every other local file (S3Storage.putReplayable).
    const { size } = await stat(localPath);
    for (let at = 0; at < size; at += SOURCE_PIECE_BYTES) {
      const length = Math.min(SOURCE_PIECE_BYTES, size - at);
      await this.storage.putReplayable(
        pieceKey(videoId, at, length),
        () => createReadStream(localPath, { start: at, end: at + length - 1 }),
        length,
      );
    }
    await rm(localPath, { force: true });
  }

  async heldBytes(videoId: string): Promise<number> {
    return this.storage.usedBytes(videoId);
  }

  async remove(videoId: string): Promise<void> {
    await this.storage.removePrefix(videoId);
  }
}
