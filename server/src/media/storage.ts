import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** Bytes `start`..`end` (inclusive) of a file; `end` absent: to the end. */
export interface ByteRange {
  start: number;
  end?: number;
}

/** A stored file being read: `size` bytes from `start` of a file of `total` bytes. */
export interface StoredFile {
  stream: Readable;
  size: number;
  total: number;
  start: number;
}

/**
 * Where media files (HLS renditions, thumbnails, images, subtitles, live segments) live. Keys are
 * relative paths such as `<accountId>/<videoId>/hls/master.m3u8`. Two backends: the local disk
 * (LocalDiskStorage, the default) and an S3-compatible bucket (S3Storage, media/s3-storage.ts), where
 * a directory is a key prefix. docs/storage.md.
 */
export interface MediaStorage {
  /** True when the files are not on this machine (a bucket): live files must be copied there. */
  readonly remote: boolean;
  /** Puts bytes at `key`, replacing what was there. */
  putBytes(key: string, data: Buffer | string): Promise<void>;
  /** The keys under `prefix` with their sizes (relative to the storage, not to the prefix). */
  list(prefix: string): Promise<{ key: string; size: number }[]>;
  /** A URL a player may fetch `key` from directly for a short while, or null (served by Palco). */
  deliveryUrl(key: string): Promise<string | null>;
  /** Puts a finished local file at `key`, replacing what was there. The local file may be moved. */
  putFile(key: string, localPath: string): Promise<void>;
  /** Puts a finished local directory at `prefix` as a whole, replacing the previous one. */
  putDirectory(prefix: string, localDir: string): Promise<void>;
  /** The file at `key` (or the part of it `range` names), or null when there is none. A range
   * starting past the end opens nothing either: `total` tells the size. */
  open(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** The whole file at `key` in memory, or null when there is none: for small files read often (a
   * live's playlists and segments, which every viewer polls). */
  read(key: string): Promise<Buffer | null>;
  /** Whether a file is at `key` (a folder or prefix is none): a live's "on the air" check. */
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** Removes every key under `prefix`. */
  removePrefix(prefix: string): Promise<void>;
  /** A local scratch directory on the same volume, for work whose result will be put. */
  scratchDir(): Promise<string>;
  /** Total size of the keys under `prefix` (0 when there are none): what usage metering samples. */
  usedBytes(prefix: string): Promise<number>;
}

/** Rejects keys that could leave the root (`..`, absolute paths, NUL). */
export function safeKey(key: string): string {
  const normal = normalize(key);
  if (
    key.includes('\0') ||
    normal.startsWith('..') ||
    normal.startsWith(sep) ||
    normal.split(sep).includes('..') ||
    normal === '.'
  ) {
    throw new Error(`unsafe media key: ${key}`);
  }
  return normal;
}

/** Moves a file: a rename, or across file systems a copy renamed into place (never seen half-written). */
export async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, `${to}.tmp`);
    await rename(`${to}.tmp`, to);
    await rm(from, { force: true });
  }
}

/** The path names no file: nothing there, or a path through something that is not a folder. */
function noSuchFile(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export class LocalDiskStorage implements MediaStorage {
  readonly remote = false;
  constructor(private readonly root: string) {}

  async putBytes(key: string, data: Buffer | string): Promise<void> {
    // Written aside then renamed: a reader sees the old file or the new one.
    await this.intoFolder(key, async (target) => {
      const temporary = `${target}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, data, { mode: 0o640 });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    });
  }

  /**
   * Makes the folder of `key` (a file's, or a folder's for putDirectory) and writes into it. The folder may be removed between the mkdir and the
   * write (a video deleted while its transcode publishes, see removePrefix): the write then starts
   * again in a new folder rather than failing. Even mkdir fails that way, with ENOENT or, from Node's
   * recursive mkdir, ENOTDIR, when a parent it just made is removed before the child.
   */
  private async intoFolder(key: string, write: (target: string) => Promise<void>): Promise<void> {
    const target = this.path(key);
    for (let attempt = 1; ; attempt++) {
      try {
        await mkdir(dirname(target), { recursive: true });
        return await write(target);
      } catch (error) {
        if (attempt >= 5 || !noSuchFile(error)) throw error;
      }
    }
  }

  async list(prefix: string): Promise<{ key: string; size: number }[]> {
    const entries = await readdir(this.path(prefix), { recursive: true, withFileTypes: true }).catch(
      (error: unknown) => {
        if (noSuchFile(error)) return [];
        throw error;
      },
    );
    const out: { key: string; size: number }[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      const size = await stat(path).then(
        (s) => s.size,
        () => null,
      );
      if (size !== null) out.push({ key: relative(this.root, path).split(sep).join('/'), size });
    }
    return out.sort((a, b) => (a.key < b.key ? -1 : 1));
  }

  async deliveryUrl(): Promise<string | null> {
    return null;
  }

  private path(key: string): string {
    return join(this.root, safeKey(key));
  }

  async scratchDir(): Promise<string> {
    const dir = join(this.root, '.scratch', randomUUID());
    await mkdir(dir, { recursive: true });
    return dir;
  }

  async putFile(key: string, localPath: string): Promise<void> {
    await this.intoFolder(key, (target) => moveFile(localPath, target));
  }

  async putDirectory(prefix: string, localDir: string): Promise<void> {
    await this.intoFolder(prefix, async (target) => {
      // Swap in one rename so a reader sees the old set of files or the new one, never a mixture.
      const old = `${target}.old-${randomUUID()}`;
      await rename(target, old).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      await rename(localDir, target);
      await rm(old, { recursive: true, force: true });
    });
  }

  async open(key: string, range?: ByteRange): Promise<StoredFile | null> {
    const path = this.path(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      const total = info.size;
      if (!range) return { stream: createReadStream(path), size: total, total, start: 0 };
      const end = Math.min(range.end ?? total - 1, total - 1);
      if (range.start >= total || end < range.start) return null;
      return {
        stream: createReadStream(path, { start: range.start, end }),
        size: end - range.start + 1,
        total,
        start: range.start,
      };
    } catch (error) {
      if (noSuchFile(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    // One readFile, not a stat and a read stream: a live's playlist is read by every viewer's poll,
    // and the stream's five thread-pool round trips and its machinery cost a playlist answer about
    // twice its time (docs/server.md "The viewers' requests, one by one").
    try {
      return await readFile(this.path(key));
    } catch (error) {
      // A file gone between the look-up and the read (a live window sliding on), or a folder.
      if (noSuchFile(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    // A stat only: opening the file (as a one-byte read did) and closing it was two fifths of a
    // playback answer's own time (docs/server.md "The viewers' requests, one by one").
    try {
      return (await stat(this.path(key))).isFile();
    } catch (error) {
      if (noSuchFile(error)) return false;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async removePrefix(prefix: string): Promise<void> {
    // A writer may add a file while the folder is emptied (a transcode publishing its files as its
    // video is deleted): the last rmdir then finds it not empty. rm empties it again, up to five times
    // over about a second, instead of failing the delete; a writer that ends after that cleans up
    // after itself (media/transcode.ts).
    await rm(this.path(prefix), { recursive: true, force: true, maxRetries: 5, retryDelay: 60 });
  }

  async usedBytes(prefix: string): Promise<number> {
    // A file removed while the folder is walked (a replaced rendition set) held nothing.
    return (await this.list(prefix)).reduce((sum, file) => sum + file.size, 0);
  }
}

/** The folder of one video's media. */
export function videoPrefix(accountId: string, videoId: string): string {
  return `${accountId}/${videoId}`;
}

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  vtt: 'text/vtt; charset=utf-8',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** The Content-Type an object is stored with (what a presigned URL or a CDN answers with). */
export function contentTypeOf(key: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
