import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/db/seed.ts';
import { loginAs, startTestServer, type TestServer } from './helpers.ts';
import { publishTestSignal } from './rtmp-encoder.ts';
import { call } from './streams-helpers.ts';
import { DEMO } from './video-helpers.ts';

// The viewers' live output end to end: a real ffmpeg publishes to the ingest, the server packages the
// stream's first signal as its latency/DVR/audio-only settings say, and a viewer reads it through the
// public playback endpoint and the token-bound media URLs (docs/playback.md "Live packaging").

let server: TestServer;
let owner: string;
let rtmp: string;

interface Created {
  id: string;
  signals: { id: string; key: string }[];
}

beforeAll(async () => {
  server = await startTestServer({
    ingestPort: 0,
    ingestHost: '127.0.0.1',
    ingestUrl: 'rtmp://console.test/live',
  });
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  rtmp = `rtmp://127.0.0.1:${server.app.ingestPort}/live`;
});
afterAll(async () => {
  await server?.close();
});

async function startedLive(
  nome: string,
  settings: { latency: string; enableDvr: boolean; enableAudioOnly: boolean },
): Promise<Created> {
  const res = await call(server.app, owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
    nome,
    scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
    latency: settings.latency,
    transcode: {
      enableLive2vod: false,
      enableDvr: settings.enableDvr,
      enableAudioOnly: settings.enableAudioOnly,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<Created>();
  const started = await call(
    server.app,
    owner,
    'PUT',
    `/v1/live-streams/${created.id}/control/start?accountId=${DEMO}`,
  );
  expect(started.statusCode, started.body).toBe(200);
  return created;
}

const get = (url: string) => server.app.inject({ method: 'GET', url });

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const manifestOf = (id: string) =>
  until(`the manifest of ${id}`, async () => {
    const res = await get(`/v1/public/lives/${id}/playback`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ manifestUrl: string | null }>().manifestUrl ?? undefined;
  });

const segmentsIn = (playlist: string) => playlist.split('\n').filter((l) => l.endsWith('.ts'));

describe('live packaging for viewers', () => {
  it('DVR off keeps the live edge; DVR on keeps the window; audio-only adds an audio rendition', async () => {
    const edge = await startedLive('Sem DVR', { latency: 'low', enableDvr: false, enableAudioOnly: false });
    const dvr = await startedLive('Com DVR', { latency: 'low', enableDvr: true, enableAudioOnly: true });
    const pushes = [edge, dvr].map(
      (live) =>
        new Promise<number | null>((resolve, reject) => {
          const child = publishTestSignal(`${rtmp}/${live.signals[0]!.key}`, 14);
          child.on('error', reject);
          child.on('close', resolve);
        }),
    );
    const [edgeUrl, dvrUrl] = await Promise.all([manifestOf(edge.id), manifestOf(dvr.id)]);

    const edgeMaster = await get(edgeUrl);
    expect(edgeMaster.statusCode).toBe(200);
    expect(edgeMaster.headers['content-type']).toMatch(/mpegurl/);
    expect(edgeMaster.body).toContain('src/index.m3u8');
    expect(edgeMaster.body).toContain('low/index.m3u8');
    expect(edgeMaster.body).not.toContain('audio/index.m3u8');
    const dvrMaster = await get(dvrUrl);
    expect(dvrMaster.body).toContain('audio/index.m3u8');
    expect(dvrMaster.body).toMatch(/CODECS="mp4a\.40\.2"\naudio\/index\.m3u8/);

    // Until the DVR list holds more than 8 of its 1 s segments and the edge list's window has slid.
    const base = (url: string) => url.replace(/master\.m3u8(\?.*)?$/, '');
    const [edgeList, dvrList] = await until('more than 8 DVR segments and a slid edge window', async () => {
      const [edge, dvr] = await Promise.all([
        get(`${base(edgeUrl)}src/index.m3u8`),
        get(`${base(dvrUrl)}src/index.m3u8`),
      ]);
      const ready =
        edge.statusCode === 200 &&
        /#EXT-X-MEDIA-SEQUENCE:[1-9]/.test(edge.body) &&
        dvr.statusCode === 200 &&
        segmentsIn(dvr.body).length > 8;
      return ready ? ([edge, dvr] as const) : undefined;
    });
    // Low latency: 1 s segments, a playlist cached for half of one (rounded down).
    expect(edgeList.headers['cache-control']).toBe('public, max-age=0');
    expect(edgeList.body).toContain('#EXT-X-TARGETDURATION:1');
    const edgeSegments = segmentsIn(edgeList.body);
    expect(edgeSegments.length).toBeGreaterThan(0);
    expect(edgeSegments.length).toBeLessThanOrEqual(6);
    expect(edgeList.body).toMatch(/#EXT-X-MEDIA-SEQUENCE:[1-9]/); // the window slid

    const dvrSegments = segmentsIn(dvrList.body);
    expect(dvrSegments.length).toBeGreaterThan(8);
    expect(dvrList.body).toContain('#EXT-X-MEDIA-SEQUENCE:0');
    expect(dvrList.body).not.toContain('#EXT-X-PLAYLIST-TYPE');

    const audio = await get(`${base(dvrUrl)}audio/index.m3u8`);
    expect(audio.statusCode).toBe(200);
    const audioSegment = await get(`${base(dvrUrl)}audio/${segmentsIn(audio.body).at(-1)}`);
    expect(audioSegment.statusCode).toBe(200);
    expect(audioSegment.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const low = await get(`${base(edgeUrl)}low/index.m3u8`);
    const lowSegment = await get(`${base(edgeUrl)}low/${segmentsIn(low.body).at(-1)}`);
    expect(lowSegment.statusCode).toBe(200);
    expect(lowSegment.rawPayload[0]).toBe(0x47);

    // One live's token never opens the other.
    const token = edgeUrl.split('/')[4];
    expect((await get(`/play/live/${dvr.id}/${token}/master.m3u8`)).statusCode).toBe(403);

    expect(await Promise.all(pushes)).toEqual([0, 0]);
    // The publish is over: nothing left to play.
    await until('the viewer output to go', async () => {
      const res = await get(`/v1/public/lives/${edge.id}/playback`);
      return res.json<{ manifestUrl: string | null }>().manifestUrl === null ? true : undefined;
    });
    expect((await get(`${base(edgeUrl)}src/index.m3u8`)).statusCode).toBe(404);
  }, 120_000);
});
