import { constants } from 'node:fs';
import { type FileHandle, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isolateInput } from './job-input.ts';
import { moveFile } from './storage.ts';

/**
 * Where the sources of uploads are kept while they arrive and once complete: the local disk
 * (DiskUploads, below) or a bucket (S3Uploads, media/s3-uploads.ts). The database holds the durable
 * offset and completion; the store can only lower the offset (media/upload-service.ts).
 */
export interface UploadStore {
  /** Bytes from the first one that the store holds without a gap (0 when nothing). */
  storedBytes(videoId: string): Promise<number>;
  /**
   * Writes `source` at `position` (the first `skip` bytes dropped, at most `max` read). Whatever it
   * answers as written is durable. `restart`: what was stored before is dropped first. `exact`: the
   * source announces exactly `max` bytes (a chunk's Content-Range), so a store may put them as one
   * object of known length; a source that ends short of them may then store nothing of this request.
   */
  write(
    videoId: string,
    source: Readable,
    options: { skip: number; position: number; max: number; exact?: boolean; restart?: boolean },
  ): Promise<WriteResult>;
  /** The first `total` stored bytes become the complete source. */
  complete(videoId: string, total: number): Promise<void>;
  /** The complete source as a local file under `scratch` (what ffmpeg reads), or null when missing. */
  localSource(videoId: string, scratch: string): Promise<string | null>;
  /** A finished local file (a joined live recording) becomes the complete source; it may be moved. */
  putSource(videoId: string, localPath: string): Promise<void>;
  /** Bytes kept for the video (billing's storage figure). */
  heldBytes(videoId: string): Promise<number>;
  remove(videoId: string): Promise<void>;
}

/** Upload sources on the local disk: `DATA_DIR/uploads/<id>.part`, then `<id>.source`. */
export class DiskUploads implements UploadStore {
  constructor(readonly files: UploadFiles) {}

  async storedBytes(videoId: string): Promise<number> {
    const disk = await this.files.sizeOnDisk(videoId);
    return disk.part ?? disk.source ?? 0;
  }

  async write(
    videoId: string,
    source: Readable,
    options: { skip: number; position: number; max: number; exact?: boolean; restart?: boolean },
  ): Promise<WriteResult> {
    const { files } = this;
    const disk = await files.sizeOnDisk(videoId);
    if (disk.part === null && disk.source !== null) await files.reopenSource(videoId);
    const handle = await files.openPart(videoId, options.restart ?? false);
    try {
      return await writeStreamAt(source, handle, options);
    } finally {
      await handle.close();
    }
  }

  async complete(videoId: string, total: number): Promise<void> {
    const { files } = this;
    const disk = await files.sizeOnDisk(videoId);
    if (disk.part !== null) {
      const handle = await open(files.partPath(videoId), 'r+');
      try {
        if (disk.part > total) await handle.truncate(total);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      await files.completePart(videoId);
    } else if (disk.source === null) {
      throw new Error(`upload ${videoId}: no file on disk to complete`);
    }
  }

  async localSource(videoId: string, scratch: string): Promise<string | null> {
    const path = this.files.sourcePath(videoId);
    if (!(await stat(path).catch(() => null))) return null;
    return isolateInput(scratch, path);
  }

  async putSource(videoId: string, localPath: string): Promise<void> {
    await mkdir(this.files.dir, { recursive: true });
    await moveFile(localPath, this.files.sourcePath(videoId));
  }

  async heldBytes(videoId: string): Promise<number> {
    const disk = await this.files.sizeOnDisk(videoId);
    return (disk.part ?? 0) + (disk.source ?? 0);
  }

  remove(videoId: string): Promise<void> {
    return this.files.remove(videoId);
  }
}

/**
 * The source files of uploads, on local disk (offsets need random-access writes): `<id>.part` while
 * bytes arrive, `<id>.source` once complete. The rename is the moment a file becomes complete.
 */
export class UploadFiles {
  constructor(readonly dir: string) {}

  partPath(videoId: string): string {
    return join(this.dir, `${videoId}.part`);
  }

  sourcePath(videoId: string): string {
    return join(this.dir, `${videoId}.source`);
  }

  /** Size of the part file (or of the completed file), 0 when there is neither. */
  async sizeOnDisk(videoId: string): Promise<{ part: number | null; source: number | null }> {
    const size = (path: string) =>
      stat(path).then(
        (s) => s.size,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return null;
          throw error;
        },
      );
    const [part, source] = await Promise.all([size(this.partPath(videoId)), size(this.sourcePath(videoId))]);
    return { part, source };
  }

  /** Opens the part file for writing at any position, creating it (and making its name durable). */
  async openPart(videoId: string, truncate = false): Promise<FileHandle> {
    await mkdir(this.dir, { recursive: true });
    const path = this.partPath(videoId);
    try {
      const handle = await open(path, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL, 0o600);
      await this.syncDir();
      return handle;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const handle = await open(path, 'r+');
    if (truncate) {
      await handle.truncate(0);
      await handle.datasync();
    }
    return handle;
  }

  /** The part file becomes the complete source: an fsync'd rename (the directory is fsync'd too). */
  async completePart(videoId: string): Promise<void> {
    await rename(this.partPath(videoId), this.sourcePath(videoId));
    await this.syncDir();
  }

  /** Undoes a completion that the database never recorded (a crash between rename and commit). */
  async reopenSource(videoId: string): Promise<void> {
    await rename(this.sourcePath(videoId), this.partPath(videoId));
    await this.syncDir();
  }

  async remove(videoId: string): Promise<void> {
    await Promise.all([
      rm(this.partPath(videoId), { force: true }),
      rm(this.sourcePath(videoId), { force: true }),
    ]);
  }

  private async syncDir(): Promise<void> {
    const handle = await open(this.dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}

const SYNC_EVERY = 8 * 1024 * 1024;
/** Bytes of an upload between two releaseReadBuffers where nothing else paces them (S3Uploads). */
export const RELEASE_EVERY = SYNC_EVERY;

/**
 * Each socket read of an upload is a fresh 64 KiB buffer that is garbage a moment later, but it holds
 * hardly any JavaScript heap, so V8 lets ~64 MiB of them pile up before it collects (its external
 * memory limit): at 150 MiB/s that is the server's peak memory. Where the server runs with
 * `--expose-gc` (bin/serve does), a young-generation collection (about a millisecond) each time a
 * background flush starts (every SYNC_EVERY bytes or more; S3Uploads every RELEASE_EVERY bytes) gives
 * them back; elsewhere (tests under tsx) this does nothing.
 */
export const releaseReadBuffers = () => globalThis.gc?.({ type: 'minor' });

/** More bytes than the chunk's range announced. */
export class ExcessBytesError extends Error {}

export interface WriteResult {
  /** Bytes read from the request (including skipped ones). */
  received: number;
  /** Bytes written at `position` onwards, all fsync'd. */
  written: number;
  /** Set when the stream failed (client gone, malformed multipart, too many bytes). */
  error: unknown;
  /** The store failed, not the request (the bucket unreachable): the client may send it again as it
   * is, and is told so with a 503 (docs/operations.md "The bucket unreachable"). */
  storeFailed?: boolean;
}

/**
 * Streams `source` into `handle`: the first `skip` bytes are dropped (the server already has them),
 * the rest is written from `position`. At most `max` bytes are accepted. Whatever happens, the bytes
 * written are fsync'd before this returns, so the caller may count them as durable.
 */
export async function writeStreamAt(
  source: Readable,
  handle: FileHandle,
  options: { skip: number; position: number; max: number },
): Promise<WriteResult> {
  let received = 0;
  let written = 0;
  // Data is flushed while it arrives (one fdatasync in flight at a time, every SYNC_EVERY bytes), so
  // the fsync that must finish before the answer only waits for the last few MiB: without it every
  // chunk would stall the upload for as long as the disk needs to write the whole chunk.
  let unsynced = 0;
  let syncing: Promise<void> | null = null;
  let syncError: unknown = null;
  const syncInBackground = () => {
    if (syncing || unsynced < SYNC_EVERY) return;
    unsynced = 0;
    releaseReadBuffers();
    syncing = handle.datasync().then(
      () => {
        syncing = null;
      },
      (error: unknown) => {
        syncError = error;
        syncing = null;
      },
    );
  };
  const writeAll = async (buffers: Buffer[]) => {
    let pending = buffers;
    while (pending.length > 0) {
      const { bytesWritten } = await handle.writev(pending, options.position + written);
      written += bytesWritten;
      unsynced += bytesWritten;
      let left = bytesWritten;
      const rest: Buffer[] = [];
      for (const b of pending) {
        if (left >= b.length) left -= b.length;
        else {
          rest.push(left > 0 ? b.subarray(left) : b);
          left = 0;
        }
      }
      pending = rest;
    }
    syncInBackground();
  };
  const take = (chunk: Buffer): Buffer | null => {
    const before = received;
    received += chunk.length;
    if (received > options.max) throw new ExcessBytesError();
    if (received <= options.skip) return null;
    return before < options.skip ? chunk.subarray(options.skip - before) : chunk;
  };
  const sink = new Writable({
    highWaterMark: 4 * 1024 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      try {
        const part = take(chunk);
        if (!part) return callback();
        writeAll([part]).then(() => callback(), callback);
      } catch (error) {
        callback(error as Error);
      }
    },
    writev(chunks, callback) {
      try {
        const parts = chunks.map((c) => take(c.chunk as Buffer)).filter((b): b is Buffer => b !== null);
        if (parts.length === 0) return callback();
        writeAll(parts).then(() => callback(), callback);
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  let error: unknown = null;
  try {
    await pipeline(source, sink);
  } catch (caught) {
    error = caught;
  }
  await syncing;
  if (syncError) throw syncError;
  if (written > 0) await handle.datasync();
  return { received, written, error };
}
