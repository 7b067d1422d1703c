import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/db/seed.ts';
import { loginAs, startTestServer, type TestServer } from './helpers.ts';
import { createContent, DEMO, makeTestVideo, postRange, waitForStatus } from './video-helpers.ts';

// docs/security.md "A successful request logs no error": a real transcoded video played over real
// HTTP, as a player fetches it (manifest, playlists, segments, a range), through the viewers' tokens
// and the console's signed URLs, and the ordinary refusals (a missing file, a bad link, an unknown
// video). Each answer is the right one, and the log holds no warning or error line, no stack and no
// token.

interface Line {
  level: number;
  msg?: string;
  err?: { stack?: string };
}

let server: TestServer;
let base: string;
let owner: string;
let videoId: string;
const logLines: string[] = [];

beforeAll(async () => {
  server = await startTestServer(
    { logLevel: 'info' },
    { logStream: { write: (line: string) => void logLines.push(line) } },
  );
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  const source = join(server.store.dataDir, 'source.mp4');
  await makeTestVideo(source, '320x240', 2);
  const file = await readFile(source);
  videoId = await createContent(server.app, owner, 'Vídeo sem erros no log');
  const up = await postRange(server.app, owner, videoId, file, 0, file.length - 1);
  expect(up.statusCode, up.body).toBeLessThan(300);
  await waitForStatus(server.app, owner, videoId, ['ready']);
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

/** The log lines written from `from` on, once the server is idle. */
async function linesSince(from: number): Promise<Line[]> {
  await server.app.backgroundIdle();
  // The request's last line (its response) is written when the socket is done with it.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return logLines.slice(from).map((line) => JSON.parse(line) as Line);
}

function noWarningOrError(lines: Line[]): void {
  const loud = lines.filter((line) => line.level >= 40 || line.err?.stack !== undefined);
  expect(loud.map((line) => `${line.level} ${line.msg}`)).toEqual([]);
  expect(lines.filter((line) => line.msg?.includes('Reply was already sent'))).toEqual([]);
}

/** Every file a player loads for the video under `prefix` (a manifest URL's folder). */
async function playAll(prefix: string): Promise<void> {
  const master = await fetch(`${base}${prefix}hls/master.m3u8`);
  expect(master.status).toBe(200);
  expect(master.headers.get('content-type')).toMatch(/mpegurl/);
  const rendition = (await master.text()).split('\n').find((l) => l.endsWith('.m3u8'))!;
  const playlist = await fetch(`${base}${prefix}hls/${rendition}`);
  expect(playlist.status).toBe(200);
  const segments = (await playlist.text()).split('\n').filter((l) => l.endsWith('.ts'));
  expect(segments.length).toBeGreaterThan(0);
  const folder = `${base}${prefix}hls/${rendition.replace(/index\.m3u8$/, '')}`;
  for (const segment of segments) {
    const res = await fetch(folder + segment);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp2t');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes[0]).toBe(0x47); // an MPEG-TS sync byte
    expect(bytes.length).toBe(Number(res.headers.get('content-length')));
  }
  // A player seeking inside a segment.
  const range = await fetch(folder + segments[0], { headers: { range: 'bytes=188-375' } });
  expect(range.status).toBe(206);
  expect(Buffer.from(await range.arrayBuffer())[0]).toBe(0x47);
}

describe('media answers', () => {
  it("play a whole video through the viewers' tokens with no warning, error or token in the log", async () => {
    const info = await fetch(`${base}/v1/public/videos/${videoId}/playback`);
    expect(info.status).toBe(200);
    const manifestUrl = ((await info.json()) as { manifestUrl: string }).manifestUrl;
    const token = manifestUrl.split('/')[4]!;
    expect(token.length).toBeGreaterThan(40);
    const from = logLines.length;
    await playAll(manifestUrl.replace(/hls\/master\.m3u8(\?.*)?$/, ''));
    const lines = await linesSince(from);
    expect(lines.length).toBeGreaterThan(5);
    noWarningOrError(lines);
    expect(logLines.slice(from).join('\n')).not.toContain(token.split('.')[1]!);
  });

  it('play a whole video through the console’s signed URLs with no warning or error in the log', async () => {
    const prefix = `${server.app.media.signer.url(DEMO, videoId, '')}`;
    const from = logLines.length;
    await playAll(prefix);
    noWarningOrError(await linesSince(from));
  });

  it('refuse a missing file, a bad link and an unknown video at info level, without a stack', async () => {
    const info = await fetch(`${base}/v1/public/videos/${videoId}/playback`);
    const manifestUrl = ((await info.json()) as { manifestUrl: string }).manifestUrl;
    const prefix = manifestUrl.replace(/hls\/master\.m3u8(\?.*)?$/, '');
    const signed = server.app.media.signer.url(DEMO, videoId, '');
    const from = logLines.length;
    for (const [url, status] of [
      [`${prefix}hls/360p/seg_9999999.ts`, 404],
      [`${prefix}hls/nothing.txt`, 404],
      [`/play/vod/${videoId}/1.forged/hls/master.m3u8`, 403],
      [`/play/vod/00000000-0000-4000-8000-000000000000/${prefix.split('/')[4]}/hls/master.m3u8`, 403],
      [`${signed}hls/360p/seg_9999999.ts`, 404],
      [`/media/${DEMO}/${videoId}/1.forged/hls/master.m3u8`, 403],
      [`/v1/videos/00000000-0000-4000-8000-000000000000?accountId=${DEMO}`, 401],
      ['/v1/no-such-route', 404],
    ] as const) {
      const res = await fetch(base + url);
      expect(res.status, url).toBe(status);
      expect(((await res.json()) as { message: string }).message.length).toBeGreaterThan(0);
    }
    const owned = await fetch(`${base}/v1/videos/00000000-0000-4000-8000-000000000000?accountId=${DEMO}`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(owned.status).toBe(404);
    noWarningOrError(await linesSince(from));
  });
});
