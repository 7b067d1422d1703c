import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

/**
 * Where media files (HLS renditions, thumbnails, images, subtitles) live. Keys are relative paths
 * such as `<accountId>/<videoId>/hls/master.m3u8`. Local disk now; an S3-compatible store would
 * implement the same five calls (a directory becomes a key prefix).
 */
export interface MediaStorage {
  /** Puts a finished local file at `key`, replacing what was there. The local file may be moved. */
  putFile(key: string, localPath: string): Promise<void>;
  /** Puts a finished local directory at `prefix` as a whole, replacing the previous one. */
  putDirectory(prefix: string, localDir: string): Promise<void>;
  /** The file at `key`, or null. */
  open(key: string): Promise<{ stream: ReadStream; size: number } | null>;
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

export class LocalDiskStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    return join(this.root, safeKey(key));
  }

  async scratchDir(): Promise<string> {
    const dir = join(this.root, '.scratch', randomUUID());
    await mkdir(dir, { recursive: true });
    return dir;
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(localPath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(localPath, `${target}.tmp`);
      await rename(`${target}.tmp`, target);
      await rm(localPath, { force: true });
    }
  }

  async putDirectory(prefix: string, localDir: string): Promise<void> {
    const target = this.path(prefix);
    await mkdir(dirname(target), { recursive: true });
    // Swap in one rename so a reader sees the old set of files or the new one, never a mixture.
    const old = `${target}.old-${randomUUID()}`;
    await rename(target, old).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(localDir, target);
    await rm(old, { recursive: true, force: true });
  }

  async open(key: string): Promise<{ stream: ReadStream; size: number } | null> {
    const path = this.path(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { stream: createReadStream(path), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async removePrefix(prefix: string): Promise<void> {
    await rm(this.path(prefix), { recursive: true, force: true });
  }

  async usedBytes(prefix: string): Promise<number> {
    const entries = await readdir(this.path(prefix), { recursive: true, withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    let total = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      // A file removed while the folder is walked (a replaced rendition set) held nothing.
      total += await stat(join(entry.parentPath, entry.name)).then(
        (s) => s.size,
        () => 0,
      );
    }
    return total;
  }
}

/** The folder of one video's media. */
export function videoPrefix(accountId: string, videoId: string): string {
  return `${accountId}/${videoId}`;
}
