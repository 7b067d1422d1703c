import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { loginAs, startTestServer, type TestServer } from './helpers.ts';
import { AccountClient, listen } from './realtime-helpers.ts';
import { publishTestSignal } from './rtmp-encoder.ts';
import { call, logsOf } from './streams-helpers.ts';

// Live operations over the account websocket with real encoders (docs/realtime.md "Signal health
// (`sinal_saude`)", "Auto start and auto cuts"): ffmpeg publishes test patterns into the RTMP ingest; the
// figures the server measures are compared with what ffprobe reads from a copy of the very same encoder
// output.

const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
let server: TestServer;
let owner: string;
let rtmp: string;
let socket: AccountClient;

beforeAll(async () => {
  const { realtime } = loadConfig({});
  server = await startTestServer({
    ingestPort: 0,
    ingestHost: '127.0.0.1',
    ingestUrl: 'rtmp://console.test:1935/live',
    realtime: { ...realtime, healthIntervalMs: 1000, autoCutMs: 3000 },
  });
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  rtmp = `rtmp://127.0.0.1:${server.app.ingestPort}/live`;
  socket = await AccountClient.connect(await listen(server.app), DEMO, owner);
}, 120_000);
afterAll(async () => {
  socket?.close();
  await server?.close();
});

interface StreamJson {
  id: string;
  nome: string;
  status: string;
  scheduledStartTime: string;
  signals: { id: string; key: string }[];
}

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  call(server.app, owner, method, `${url}${url.includes('?') ? '&' : '?'}accountId=${DEMO}`, payload);

async function createStream(nome: string, settings: Record<string, unknown>, startInMs = 86_400_000) {
  const res = await api('POST', '/v1/live-streams', {
    nome,
    scheduledStartTime: new Date(Date.now() + startInMs).toISOString(),
    ...settings,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StreamJson>();
}

async function start(id: string): Promise<void> {
  expect((await api('PUT', `/v1/live-streams/${id}/control/start`)).statusCode).toBe(200);
}

const exited = (child: ReturnType<typeof spawn>) =>
  new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });

/**
 * `seconds` of test pattern at `rate` fps (keyframe every second, constant 600 kbit/s video, AAC
 * tone) written to `file`, then published from it in real time: ffprobe reads the very same packets.
 */
async function encodeAndPublish(
  key: string,
  rate: number,
  seconds: number,
  file: string,
): Promise<number | null> {
  const encoder = spawn('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=size=320x240:rate=${rate}`, '-f', 'lavfi', '-i', 'sine'],
    ...[
      '-t',
      String(seconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-g',
      String(rate),
      '-sc_threshold',
      '0',
    ],
    ...[
      '-b:v',
      '600k',
      '-minrate',
      '600k',
      '-maxrate',
      '600k',
      '-bufsize',
      '300k',
      '-x264-params',
      'nal-hrd=cbr',
    ],
    ...['-c:a', 'aac', '-b:a', '96k', '-f', 'flv', file],
  ]);
  expect(await exited(encoder)).toBe(0);
  const publisher = spawn('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-i', file, '-c', 'copy', '-f', 'flv', `${rtmp}/${key}`],
  ]);
  return exited(publisher);
}

/** Bitrates (kbit/s) of the copy, from its packets' sizes and timestamps, as ffprobe reads them. */
async function truth(file: string): Promise<{ video: number; audio: number }> {
  const child = spawn('ffprobe', [
    ...['-v', 'error', '-show_entries', 'packet=codec_type,dts_time,size', '-of', 'csv=p=0', file],
  ]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  await exited(child);
  const rows = out
    .trim()
    .split('\n')
    .map((line) => line.split(','))
    .map(([type, dts, size]) => ({ type, dts: Number(dts), size: Number(size) }));
  const kbps = (type: string) => {
    const list = rows.filter((r) => r.type === type);
    const span = (list.at(-1)?.dts ?? 0) - (list[0]?.dts ?? 0);
    return (list.slice(1).reduce((sum, r) => sum + r.size, 0) * 8) / 1000 / span;
  };
  return { video: kbps('video'), audio: kbps('audio') };
}

const of = (liveId: string, evento: string) =>
  socket.events.filter((e) => e.evento === evento && e.live_id === liveId);

function expectNear(value: unknown, expected: number): void {
  expect(typeof value).toBe('number');
  expect(Math.abs((value as number) - expected) / expected, `${value} vs ${expected}`).toBeLessThan(0.05);
}

describe('signal health and the high-FPS alert', () => {
  it('measures 25 and 60 fps encoders within 5%, and alerts for 60 fps at most once per 10 s', async () => {
    const calm = await createStream('Sinal 25 fps', {});
    const fast = await createStream('Sinal 60 fps', {});
    await start(calm.id);
    await start(fast.id);
    const dir = server.store.dataDir;
    const seconds = 14;
    const codes = await Promise.all([
      encodeAndPublish(calm.signals[0]?.key ?? '', 25, seconds, join(dir, 'calm.flv')),
      encodeAndPublish(fast.signals[0]?.key ?? '', 60, seconds, join(dir, 'fast.flv')),
    ]);
    expect(codes).toEqual([0, 0]);
    // Each publish's end is told once its files are finished (stored): wait for both.
    for (const stream of [calm, fast]) {
      await socket.waitFor(
        (e) => e.evento === 'sinal_saude' && e.live_id === stream.id && e.publicando === false,
      );
    }

    for (const [stream, rate, file] of [
      [calm, 25, 'calm.flv'],
      [fast, 60, 'fast.flv'],
    ] as const) {
      const health = of(stream.id, 'sinal_saude');
      const measured = health.filter((e) => e.publicando === true).at(-1) ?? {};
      const real = await truth(join(dir, file));
      if (process.env.PRINT_HEALTH) console.log({ rate, measured, real });
      expect(measured).toMatchObject({ signal_id: stream.signals[0]?.id, width: 320, height: 240 });
      expectNear(measured.fps, rate);
      expectNear(measured.keyframe_interval_s, 1);
      expectNear(measured.video_kbps, real.video);
      expectNear(measured.audio_kbps, real.audio);
      expect(measured.drift_ms).toBeLessThan(1000);
      expect(measured.saude).toBe(rate > 30 ? 'warning' : 'ok');
      expect(measured.motivo).toBe(rate > 30 ? 'fps_alto' : null);
      // Every few seconds while publishing, and a last one when it stopped.
      expect(health.filter((e) => e.publicando === true).length).toBeGreaterThanOrEqual(seconds / 2);
      expect(health.at(-1)).toMatchObject({ publicando: false, saude: 'failing', motivo: 'sem_sinal' });
    }

    expect(of(calm.id, 'alerta_fps_alto')).toEqual([]);
    const alerts = of(fast.id, 'alerta_fps_alto');
    expect(alerts.length).toBeGreaterThanOrEqual(1);
    expect(alerts[0]).toMatchObject({ titulo: 'Sinal 60 fps', limite: 30 });
    expectNear(alerts[0]?.fps, 60);
    const times = alerts.map((a) => Date.parse(String(a.timestamp)));
    for (let i = 1; i < times.length; i += 1)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(10_000);
    // The fast signal was above the limit in more reports than it was alerted for.
    expect(of(fast.id, 'sinal_saude').filter((e) => e.motivo === 'fps_alto').length).toBeGreaterThan(
      alerts.length,
    );
  }, 120_000);

  it("uses the team's own FPS limit", async () => {
    await server.app.db.updateTable('accounts').set({ fps_limit: 60 }).where('id', '=', DEMO).execute();
    const stream = await createStream('Sinal 60 fps permitido', {});
    await start(stream.id);
    const child = publishTestSignal(`${rtmp}/${stream.signals[0]?.key}`, 5, { size: '320x240', rate: 60 });
    expect(await exited(child)).toBe(0);
    await socket.waitFor((e) => e.live_id === stream.id && e.publicando === false);
    expect(of(stream.id, 'sinal_saude').some((e) => typeof e.fps === 'number' && e.fps > 55)).toBe(true);
    expect(of(stream.id, 'alerta_fps_alto')).toEqual([]);
    await server.app.db.updateTable('accounts').set({ fps_limit: 30 }).where('id', '=', DEMO).execute();
  }, 60_000);
});

describe('auto cuts and auto start', () => {
  it('ends a live with auto cuts once its signals carried no content for the timeout', async () => {
    const stream = await createStream('Corte automático', { autoCuts: true });
    const kept = await createStream('Sem corte automático', { autoCuts: false });
    await start(stream.id);
    await start(kept.id);
    // Longer than the timeout (3 s here): content keeps the live going.
    expect(await exited(publishTestSignal(`${rtmp}/${stream.signals[0]?.key}`, 6))).toBe(0);
    const ended = Date.now();
    const cut = await socket.waitFor((e) => e.live_id === stream.id && e.motivo === 'auto_cut', 20_000);
    expect(cut).toMatchObject({ titulo: 'Corte automático', status: 'finished', motivo: 'auto_cut' });
    expect(Date.parse(String(cut.timestamp))).toBeGreaterThan(ended);
    expect((await api('GET', `/v1/live-streams/${stream.id}`)).json<StreamJson>().status).toBe('finished');
    expect((await logsOf(server.app, stream.id)).map((l) => l.event)).toContain(
      'TRANSMISSAO_ENCERRADA_AUTOMATICAMENTE',
    );
    expect((await api('GET', `/v1/live-streams/${kept.id}`)).json<StreamJson>().status).toBe('live');
  }, 60_000);

  it('starts a scheduled live with auto start when an encoder publishes at or after its time', async () => {
    const stream = await createStream('Início automático', { autoStart: true }, 8000);
    const manual = await createStream('Sem início automático', { autoStart: false }, -1000);
    const key = stream.signals[0]?.key ?? '';
    // Before its time: a rehearsal, still scheduled; without auto start, a rehearsal too.
    expect(await exited(publishTestSignal(`${rtmp}/${key}`, 2))).toBe(0);
    expect(await exited(publishTestSignal(`${rtmp}/${manual.signals[0]?.key}`, 2))).toBe(0);
    expect((await api('GET', `/v1/live-streams/${stream.id}`)).json<StreamJson>().status).toBe('scheduled');
    expect(of(stream.id, 'live_status')).toEqual([]);

    // A rehearsal still running when the time comes starts the live (or, on a slow host, a publish
    // accepted after the time starts it at once): the encoder does not reconnect.
    const child = publishTestSignal(`${rtmp}/${key}`, 14);
    const started = await socket.waitFor(
      (e) => e.evento === 'live_status' && e.live_id === stream.id,
      30_000,
    );
    expect(started).toMatchObject({ titulo: 'Início automático', status: 'live', motivo: 'auto_start' });
    expect(Date.parse(String(started.timestamp))).toBeGreaterThanOrEqual(
      Date.parse(String(stream.scheduledStartTime)),
    );
    expect(await exited(child)).toBe(0);
    expect((await api('GET', `/v1/live-streams/${stream.id}`)).json<StreamJson>().status).toBe('live');
    expect((await logsOf(server.app, stream.id)).map((l) => l.event)).toContain(
      'TRANSMISSAO_INICIADA_AUTOMATICAMENTE',
    );
    expect((await api('GET', `/v1/live-streams/${manual.id}`)).json<StreamJson>().status).toBe('scheduled');
  }, 60_000);
});
