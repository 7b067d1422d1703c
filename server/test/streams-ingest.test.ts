import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { RtmpTestClient } from './fakes/rtmp-client.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { publishTestSignal, type TestVideo } from './rtmp-encoder.ts';
import { call, userWith } from './streams-helpers.ts';

// The RTMP ingest end to end (docs/api-streams.md "Ingest"): a real ffmpeg publishes to the server's
// RTMP listener (its own protocol code, server/src/media/rtmp/), the server's ffmpeg writes the preview and the recording, the recording
// goes through the real VOD pipeline on a real embedded database.

const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
const EVENTOS: string = DEMO_ACCOUNTS.eventosAoVivo.id;

let server: TestServer;
let owner: string;
let outsider: string;
let rtmp: string;
/** Every log line the server wrote (at trace level): keys must never be in one. */
const lines: string[] = [];

interface StreamJson {
  id: string;
  nome: string;
  status: string;
  signals: { id: string; key: string }[];
  recording: { videoId: string; url: string } | null;
  recordingStatus: string | null;
}

beforeAll(async () => {
  server = await startTestServer(
    { ingestPort: 0, ingestHost: '127.0.0.1', ingestUrl: 'rtmp://console.test:1935/live', logLevel: 'trace' },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  // Every permission, but in another team only.
  outsider = await userWith(server.app, EVENTOS, 'outsider@palco.test', [
    'showStreaming',
    'showHistory',
    'broadcast',
  ]);
  expect(server.app.ingestPort).toBeGreaterThan(0);
  rtmp = `rtmp://127.0.0.1:${server.app.ingestPort}/live`;
});
afterAll(async () => {
  await server?.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = owner) =>
  call(server.app, token, method, `${url}${url.includes('?') ? '&' : '?'}accountId=${DEMO}`, payload);

async function createStream(
  nome: string,
  live2vod: boolean,
  signals?: { nome: string }[],
): Promise<StreamJson> {
  const res = await api('POST', '/v1/live-streams', {
    nome,
    scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
    transcode: { enableLive2vod: live2vod },
    ...(signals ? { signals } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StreamJson>();
}

async function control(id: string, action: string): Promise<StreamJson> {
  const res = await api('PUT', `/v1/live-streams/${id}/control/${action}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StreamJson>();
}

/** Publishes with a real ffmpeg (rtmp-encoder.ts); answers ffmpeg's exit code. */
function push(key: string, seconds: number, video?: TestVideo): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = publishTestSignal(`${rtmp}/${key}`, seconds, video);
    child.on('error', reject);
    child.on('close', resolve);
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** DATA_DIR/live/{accountId}/{streamId}. */
const liveDir = (accountId: string, streamId: string) =>
  join(server.store.dataDir, 'live', accountId, streamId);

/** Files (not folders) the ingest left under DATA_DIR/live. */
const liveFiles = async () =>
  (
    await readdir(join(server.store.dataDir, 'live'), { recursive: true, withFileTypes: true }).catch(
      () => [],
    )
  ).filter((e) => e.isFile()).length;

describe('RTMP ingest', () => {
  it('tells the console where encoders publish', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/bff/config' });
    expect(res.json<{ ingestUrl: string }>().ingestUrl).toBe('rtmp://console.test:1935/live');
    const env = { PUBLIC_URL: 'https://palco.example:8443' };
    expect(loadConfig(env)).toMatchObject({ ingestPort: 1935, ingestUrl: 'rtmp://palco.example:1935/live' });
    expect(loadConfig({ ...env, INGEST_PORT: '1940' }).ingestUrl).toBe('rtmp://palco.example:1940/live');
    expect(loadConfig({ ...env, INGEST_PORT: 'off' })).toMatchObject({ ingestPort: null, ingestUrl: null });
    expect(loadConfig({ ...env, INGEST_PORT: '0' })).toMatchObject({ ingestPort: null, ingestUrl: null });
    expect(loadConfig({ ...env, INGEST_URL: 'rtmp://ingest.example/live/' }).ingestUrl).toBe(
      'rtmp://ingest.example/live',
    );
    expect(() => loadConfig({ INGEST_PORT: '70000' })).toThrow(/INGEST_PORT/);
    expect(() => loadConfig({ INGEST_URL: 'http://x/live' })).toThrow(/INGEST_URL/);
  });

  it('refuses an unknown key, a bad path, a finished stream and a blocked team; nothing is written', async () => {
    const finished = await createStream('Ingest encerrada', true);
    await control(finished.id, 'start');
    await control(finished.id, 'complete');
    expect(await push(randomBytes(32).toString('base64url'), 2)).not.toBe(0);
    expect(await push(finished.signals[0]!.key, 2)).not.toBe(0);
    expect(await push('not-a-key', 1)).not.toBe(0);
    // A team blocked for non-payment starts no stream, so a scheduled one takes no rehearsal.
    const scheduled = await createStream('Ingest de time bloqueado', true);
    await server.app.db.updateTable('accounts').set({ blocked: true }).where('id', '=', DEMO).execute();
    try {
      expect(await push(scheduled.signals[0]!.key, 2)).not.toBe(0);
    } finally {
      await server.app.db.updateTable('accounts').set({ blocked: false }).where('id', '=', DEMO).execute();
    }
    // The encoder is told: its publish is refused before any media (never started, then dropped).
    const client = await RtmpTestClient.open(server.app.ingestPort!);
    await client.publish('live', randomBytes(32).toString('base64url'));
    const status = await client.waitCommand('onStatus');
    expect(status[3]).toMatchObject({ level: 'error', code: 'NetStream.Publish.BadName' });
    await client.closed;
    expect(client.command('onStatus', 'NetStream.Publish.Start')).toBeUndefined();
    expect(await liveFiles()).toBe(0);
    expect(lines.filter((l) => l.includes(finished.signals[0]!.key))).toEqual([]);
    const again = await api('GET', `/v1/live-streams/${scheduled.id}`);
    expect(again.json<StreamJson>().status).toBe('scheduled');
  });

  it('takes one encoder per signal: a second one is refused while the first publishes, taken after', async () => {
    const stream = await createStream('Ingest com dois encoders', false);
    const key = stream.signals[0]!.key;
    const first = push(key, 4);
    await until('the first publish', async () =>
      server.app.ingest.isPublishing(stream.id) ? true : undefined,
    );
    const second = await RtmpTestClient.open(server.app.ingestPort!);
    await second.publish('live', key);
    expect((await second.waitCommand('onStatus'))[3]).toMatchObject({ code: 'NetStream.Publish.BadName' });
    await second.closed;
    expect(await first).toBe(0);
    await until('the first publish to end', async () =>
      server.app.ingest.isPublishing(stream.id) ? undefined : true,
    );
    const third = await RtmpTestClient.open(server.app.ingestPort!);
    await third.publish('live', key);
    await third.waitCommand('onStatus', 'NetStream.Publish.Start');
    expect(server.app.ingest.isPublishing(stream.id)).toBe(true);
    third.close();
    await until('the third publish to end', async () =>
      server.app.ingest.isPublishing(stream.id) ? undefined : true,
    );
  });

  it('an encoder reconnecting at once keeps its preview: the previous publish finishes first', async () => {
    // On air: the publish also feeds the viewers' ladder, which takes a moment to finish its files.
    const stream = await createStream('Ingest com reconexão', false);
    await control(stream.id, 'start');
    const key = stream.signals[0]!.key;
    const dir = join(liveDir(DEMO, stream.id), stream.signals[0]!.id);
    const ended = () => lines.filter((l) => l.includes('rtmp publish ended') && l.includes(stream.id)).length;
    // A real encoder, so that its outputs have files to finish when it drops.
    const first = publishTestSignal(`${rtmp}/${key}`, 60);
    await until('the first preview', async () => (existsSync(join(dir, 'index.m3u8')) ? true : undefined));
    // The second connection is ready to publish; it does the moment the first one drops.
    const second = await RtmpTestClient.open(server.app.ingestPort!);
    await second.prepare('live');
    first.kill('SIGKILL'); // the encoder's connection drops
    // Publish the moment the server lets go of the first (as an encoder retrying at once would).
    while (server.app.ingest.isPublishing(stream.id)) await sleep(2);
    second.publishPrepared(key);
    await second.waitCommand('onStatus', 'NetStream.Publish.Start');
    await until('the first publish to end', async () => (ended() >= 1 ? true : undefined));
    // Its end removed what it wrote, not the preview of the publish that followed it.
    await until('the second preview folder', async () => (existsSync(dir) ? true : undefined), 5000);
    expect(server.app.ingest.isPublishing(stream.id)).toBe(true);
    second.close();
    await until('the second publish to end', async () => (ended() >= 2 ? true : undefined));
    expect(existsSync(dir)).toBe(false);
    await control(stream.id, 'complete');
  });

  it("takes a rehearsal before 'Iniciar': the team previews it, viewers get nothing until the start", async () => {
    const res = await api('POST', '/v1/live-streams', {
      nome: 'Ingest com ensaio',
      scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
      latency: 'low',
      transcode: { enableLive2vod: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const stream = res.json<StreamJson>();
    const signal = stream.signals[0]!;
    const viewer = () => server.app.inject({ method: 'GET', url: `/v1/public/lives/${stream.id}/playback` });
    const metered = async () =>
      (
        await sql<{ source_key: string }>`
          SELECT source_key FROM usage_events WHERE metric = 'live_minutes'
          AND source_key LIKE ${`live:${stream.id}:%`}`.execute(server.app.db)
      ).rows.map((r) => r.source_key);

    // A short rehearsal that ends before the start: accepted, left nothing behind, metered nothing.
    expect(await push(signal.key, 2)).toBe(0);
    await until('the end of the first rehearsal', async () => ((await liveFiles()) === 0 ? true : undefined));
    expect(server.app.ingest.isPublishing(stream.id)).toBe(false);
    expect(await metered()).toEqual([]);

    // The encoder connects again (before 'Iniciar') and stays on.
    const pushed = push(signal.key, 20);
    const preview = await until('the rehearsal preview', async () => {
      const res = await api('GET', `/v1/live-streams/${stream.id}/signals/${signal.id}/preview`);
      expect(res.statusCode, res.body).toBe(200);
      const { url, publishing } = res.json<{ url: string; publishing: boolean }>();
      if (!publishing) return undefined;
      const playlist = await server.app.inject({ method: 'GET', url });
      return playlist.statusCode === 200 && playlist.body.includes('seg_') ? url : undefined;
    });
    const status = await api('GET', `/v1/live-streams/${stream.id}/signals/status`);
    expect(status.json<{ signals: { publishing: boolean }[] }>().signals[0]!.publishing).toBe(true);
    // Another team still sees no such stream.
    const other = await call(
      server.app,
      outsider,
      'GET',
      `/v1/live-streams/${stream.id}/signals/${signal.id}/preview?accountId=${EVENTOS}`,
    );
    expectError(other, 404);

    // Viewers: the live has not started, there is no manifest, and a valid token opens no media.
    const before = await viewer();
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ status: 'scheduled', manifestUrl: null });
    const { token } = server.app.playback.signer.issue('live', stream.id);
    for (const file of ['master.m3u8', 'src/index.m3u8', 'low/index.m3u8', 'src/seg_00000.ts']) {
      const media = await server.app.inject({
        method: 'GET',
        url: `/play/live/${stream.id}/${token}/${file}`,
      });
      expectError(media, 404);
    }
    // Nothing is packaged for viewers or recorded during the rehearsal.
    const viewerFiles = await readdir(join(liveDir(DEMO, stream.id), 'viewer')).catch(() => []);
    expect(viewerFiles).toEqual([]);
    expect(await server.app.ingest.hasRecording(DEMO, stream.id)).toBe(false);

    // 'Iniciar': the same encoder, still connected, goes on air for viewers.
    const startedAt = Date.now();
    await control(stream.id, 'start');
    const manifest = await until('the viewers’ manifest after the start', async () => {
      const res = await viewer();
      return res.json<{ manifestUrl: string | null }>().manifestUrl ?? undefined;
    });
    const master = await server.app.inject({ method: 'GET', url: manifest });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('src/index.m3u8');
    // The team's preview went on without a break.
    expect((await server.app.inject({ method: 'GET', url: preview })).statusCode).toBe(200);

    expect(await pushed).toBe(0);
    const endedAt = Date.now();
    await until('the end of the publish', async () =>
      server.app.ingest.isPublishing(stream.id) ? undefined : true,
    );
    // Live minutes: one record, counted from the start, not from the rehearsal.
    const keys = await until('the live minutes', async () => {
      const k = await metered();
      return k.length > 0 ? k : undefined;
    });
    expect(keys).toHaveLength(1);
    expect(Number(keys[0]!.split(':')[3])).toBeGreaterThanOrEqual(startedAt);

    // The recording holds what went on air after the start, not the rehearsal.
    await control(stream.id, 'complete');
    const videoId = await until('the recording video', async () => {
      const body = (await api('GET', `/v1/live-streams/${stream.id}`)).json<StreamJson>();
      return body.recording?.videoId;
    });
    const video = await until(
      'the transcoded recording',
      async () => {
        const body = (await api('GET', `/v1/videos/${videoId}`)).json<{ status: string; duration: number }>();
        return body.status === 'ready' || body.status === 'failed' ? body : undefined;
      },
      90_000,
    );
    expect(video.status).toBe('ready');
    expect(video.duration).toBeLessThan((endedAt - startedAt) / 1000 + 1);
  }, 180_000);

  it('previews a publishing signal to its team only, then records it into a video on completion', async () => {
    const stream = await createStream('Ingest com gravação', true);
    await control(stream.id, 'start');
    const signal = stream.signals[0]!;
    const pushed = push(signal.key, 4);

    const preview = await until('the preview playlist', async () => {
      const res = await api('GET', `/v1/live-streams/${stream.id}/signals/${signal.id}/preview`);
      expect(res.statusCode, res.body).toBe(200);
      const { url, publishing } = res.json<{ url: string; publishing: boolean }>();
      if (!publishing) return undefined;
      const playlist = await server.app.inject({ method: 'GET', url });
      return playlist.statusCode === 200 && playlist.body.includes('seg_') ? { url, playlist } : undefined;
    });
    expect(preview.playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(preview.playlist.headers['cache-control']).toBe('no-cache');
    const segment = preview.playlist.body.split('\n').find((l) => /^seg_\d+\.ts$/.test(l.trim()))!;
    const media = await server.app.inject({
      method: 'GET',
      url: preview.url.replace('index.m3u8', segment.trim()),
    });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('video/mp2t');
    expect(media.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte

    // Another team: the stream (and so its preview URL) does not exist for them.
    const other = await call(
      server.app,
      outsider,
      'GET',
      `/v1/live-streams/${stream.id}/signals/${signal.id}/preview?accountId=${EVENTOS}`,
    );
    expectError(other, 404);
    // A URL not signed by the server, or signed for another signal, opens nothing.
    const forged = preview.url.replace(/\/\d+\.[A-Za-z0-9_-]{43}\//, `/9999999999.${'A'.repeat(43)}/`);
    expectError(await server.app.inject({ method: 'GET', url: forged }), 403);
    const otherSignal = preview.url.replace(signal.id, '00000000-0000-4000-8000-000000000000');
    expectError(await server.app.inject({ method: 'GET', url: otherSignal }), 403);

    expect(await pushed).toBe(0);
    // The publish is over: no preview any more (the console says 'Sem sinal').
    await until('the end of the preview', async () => {
      const res = await server.app.inject({ method: 'GET', url: preview.url });
      return res.statusCode === 404 ? true : undefined;
    });
    expect(server.app.ingest.isPublishing(stream.id)).toBe(false);

    const done = await control(stream.id, 'complete');
    expect(done.recordingStatus).toBe('processing');
    const finished = await until('the recording video', async () => {
      const res = await api('GET', `/v1/live-streams/${stream.id}`);
      const body = res.json<StreamJson>();
      return body.recording ? body : undefined;
    });
    expect(finished.recording!.url).toBe(`/vod/dashboard?videoId=${finished.recording!.videoId}`);
    const video = await until(
      'the transcoded recording',
      async () => {
        const res = await api('GET', `/v1/videos/${finished.recording!.videoId}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json<{ status: string; title: string; duration: number | null }>();
        return body.status === 'ready' || body.status === 'failed' ? body : undefined;
      },
      60_000,
    );
    expect(video.status).toBe('ready');
    expect(video.title).toBe('Ingest com gravação');
    expect(video.duration).toBeGreaterThan(3);
    expect(video.duration).toBeLessThan(5.5);
    const after = await api('GET', `/v1/live-streams/${stream.id}`);
    expect(after.json<StreamJson>()).toMatchObject({
      recording: { videoId: finished.recording!.videoId },
      recordingStatus: 'ready',
    });
    // The recording's parts are gone once they became the video's source.
    expect(await liveFiles()).toBe(0);
    // The publish was logged (accepted, ended), with its key masked.
    expect(lines.some((l) => l.includes('rtmp publish accepted') && l.includes(signal.key.slice(0, 4)))).toBe(
      true,
    );
    expect(lines.filter((l) => l.includes(signal.key))).toEqual([]);
  }, 120_000);

  it("tells each signal's size and frame rate while it publishes, to the stream's team only", async () => {
    interface SignalStatus {
      signalId: string;
      publishing: boolean;
      width: number | null;
      height: number | null;
      fps: number | null;
      /** Set only when the server itself ended a WHIP publish (docs/api-streams.md); RTMP never. */
      whipDropped: { at: string; reason: string } | null;
    }
    const stream = await createStream('Ingest com sinais diferentes', false, [
      { nome: 'Câmera' },
      { nome: 'Palco' },
      { nome: 'Plateia' },
    ]);
    await control(stream.id, 'start');
    const [camera, stage, audience] = stream.signals as [
      StreamJson['signals'][0],
      StreamJson['signals'][0],
      StreamJson['signals'][0],
    ];
    const url = `/v1/live-streams/${stream.id}/signals/status`;
    const status = async () => {
      const res = await api('GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ signals: SignalStatus[] }>().signals;
    };
    const idle = (signalId: string): SignalStatus => ({
      signalId,
      publishing: false,
      width: null,
      height: null,
      fps: null,
      whipDropped: null,
    });
    // Nothing published yet: every signal, in order, with nothing known.
    expect(await status()).toEqual([idle(camera.id), idle(stage.id), idle(audience.id)]);

    const pushed = [
      push(camera.key, 8, { size: '320x240', rate: 25 }),
      push(stage.key, 8, { size: '640x360', rate: 50 }),
    ];
    const seen = await until('both signals with their size and frame rate', async () => {
      const signals = await status();
      return signals[0]!.fps !== null && signals[1]!.fps !== null ? signals : undefined;
    });
    expect(seen).toEqual([
      { signalId: camera.id, publishing: true, width: 320, height: 240, fps: 25, whipDropped: null },
      { signalId: stage.id, publishing: true, width: 640, height: 360, fps: 50, whipDropped: null },
      idle(audience.id),
    ]);

    // Another team: the stream does not exist for them. No token: 401.
    expectError(await call(server.app, outsider, 'GET', `${url}?accountId=${EVENTOS}`), 404);
    expectError(await server.app.inject({ method: 'GET', url: `${url}?accountId=${DEMO}` }), 401);
    // Not a stream of the team, a malformed id.
    expectError(
      await api('GET', '/v1/live-streams/00000000-0000-4000-8000-000000000000/signals/status'),
      404,
    );
    expectError(await api('GET', '/v1/live-streams/nope/signals/status'), 400);

    expect(await Promise.all(pushed)).toEqual([0, 0]);
    // The publishes are over: nothing is known any more.
    await until('the end of both publishes', async () =>
      (await status()).every((s) => !s.publishing) ? true : undefined,
    );
    expect(await status()).toEqual([idle(camera.id), idle(stage.id), idle(audience.id)]);
    await control(stream.id, 'complete');
  }, 60_000);

  it('makes no video when live-to-VOD is off, and none when nothing was received', async () => {
    const count = async () =>
      Number(
        (
          await server.app.db
            .selectFrom('videos')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('account_id', '=', DEMO)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();

    const off = await createStream('Ingest sem gravação', false);
    await control(off.id, 'start');
    expect(await push(off.signals[0]!.key, 2)).toBe(0);
    const offDone = await control(off.id, 'complete');
    expect(offDone).toMatchObject({ recording: null, recordingStatus: null });

    const silent = await createStream('Ingest sem sinal', true);
    await control(silent.id, 'start');
    const silentDone = await control(silent.id, 'complete');
    expect(silentDone).toMatchObject({ recording: null, recordingStatus: 'unavailable' });

    await sleep(1500); // a job, had one been queued, would have run
    expect(await count()).toBe(before);
    expect(await liveFiles()).toBe(0);
  }, 60_000);
});
