import type { FastifyInstance } from 'fastify';
import type { MediaStorage } from '../media/storage.ts';

/** Playlists whose segment durations are known (a rendition's playlist never changes once put). */
const MAX_PLAYLISTS = 500;
const cache = new Map<string, Map<string, number>>();

/** `#EXTINF:<seconds>,` followed by the segment's file name, for every segment of a media playlist. */
export function segmentDurations(playlist: string): Map<string, number> {
  const durations = new Map<string, number>();
  let pending: number | null = null;
  for (const line of playlist.split(/\r?\n/)) {
    const extinf = /^#EXTINF:([0-9.]+)/.exec(line);
    if (extinf) pending = Number(extinf[1]);
    else if (pending !== null && line && !line.startsWith('#')) {
      durations.set(line.trim(), pending);
      pending = null;
    }
  }
  return durations;
}

async function readText(storage: MediaStorage, key: string): Promise<string | null> {
  const file = await storage.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The duration of an HLS segment (`<prefix>/hls/<rendition>/seg_N.ts`) as its rendition's playlist
 * declares it, or 0 when it cannot be told. Delivered minutes count what a viewer was sent.
 */
export async function segmentSeconds(storage: MediaStorage, prefix: string, file: string): Promise<number> {
  const slash = file.lastIndexOf('/');
  const playlistKey = `${prefix}/${file.slice(0, slash)}/index.m3u8`;
  let durations = cache.get(playlistKey);
  if (!durations) {
    const text = await readText(storage, playlistKey);
    if (text === null) return 0;
    durations = segmentDurations(text);
    if (cache.size >= MAX_PLAYLISTS) cache.delete(cache.keys().next().value as string);
    cache.set(playlistKey, durations);
  }
  return durations.get(file.slice(slash + 1)) ?? 0;
}

/**
 * Meters one VOD media file served (a GET of an HLS segment) as delivered minutes, after the answer: the
 * viewer never waits for the usage record, and a HEAD or another file counts nothing.
 */
export function meterVodSegment(
  app: FastifyInstance,
  accountId: string,
  prefix: string,
  file: string,
  method: string,
) {
  if (!file.endsWith('.ts') || method !== 'GET') return;
  const at = new Date();
  app.runInBackground('usage: delivered', async () => {
    app.deliveredMeter.add(
      accountId.toLowerCase(),
      await segmentSeconds(app.media.storage, prefix, file),
      at,
    );
  });
}
