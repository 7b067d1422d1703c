import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaStorage } from './storage.ts';

/** How often the folder is looked at: well under the shortest segment (docs/playback.md). */
const SYNC_MS = 100;

const isPlaylist = (key: string) => key.endsWith('.m3u8');

/**
 * Copies a live folder that ffmpeg writes (a preview or the viewers' HLS) to the live storage as its
 * files complete, when that storage is a bucket: new segments first, then the playlists that name
 * them, then the removal of the segments ffmpeg deleted as the window slid on. ffmpeg writes every
 * file aside and renames it (`temp_file`), so a file seen under its name is complete.
 */
export class LiveMirror {
  private readonly sent = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly storage: MediaStorage,
    private readonly dir: string,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), SYNC_MS);
  }

  /** Stops looking and copies what is left (ffmpeg has finished its files). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.sync().catch((error: unknown) => this.log.warn({ err: error }, 'live: last copy failed'));
  }

  private tick(): Promise<void> {
    this.running ??= this.sync()
      .catch((error: unknown) => this.log.warn({ err: error, prefix: this.prefix }, 'live: copy failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async sync(): Promise<void> {
    const entries = await readdir(this.dir, { recursive: true, withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    const now = new Map<string, string>();
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
      const path = join(entry.parentPath, entry.name);
      const info = await stat(path).catch(() => null);
      if (info) now.set(relative(this.dir, path).split(sep).join('/'), `${info.size}:${info.mtimeMs}`);
    }
    const changed = [...now].filter(([name, mark]) => this.sent.get(name) !== mark).map(([name]) => name);
    const put = async (name: string) => {
      const body = await readFile(join(this.dir, name)).catch(() => null);
      if (!body) return; // deleted meanwhile
      await this.storage.putBytes(`${this.prefix}/${name}`, body);
      this.sent.set(name, now.get(name) ?? '');
    };
    await Promise.all(changed.filter((name) => !isPlaylist(name)).map(put));
    // Rendition playlists before the master, which names them.
    const playlists = changed.filter(isPlaylist).sort((a, b) => b.split('/').length - a.split('/').length);
    for (const name of playlists) await put(name);
    const gone = [...this.sent.keys()].filter((name) => !now.has(name));
    for (const name of gone) {
      await this.storage.remove(`${this.prefix}/${name}`);
      this.sent.delete(name);
    }
  }
}
