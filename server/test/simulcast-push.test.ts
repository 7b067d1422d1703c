import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { type PushReport, redactIngestUrl, SimulcastPush } from '../src/integrations/simulcast-push.ts';
import { RtmpReceiver } from './fakes/rtmp-receiver.ts';
import { loginAs, startTestServer, type TestServer } from './helpers.ts';
import { publishTestSignal } from './rtmp-encoder.ts';
import { call } from './streams-helpers.ts';

// The simulcast push end to end: a real encoder publishes to Palco's RTMP ingest, the live is started,
// its program is copied by ffmpeg to a local RTMP receiver (the provider's ingestion endpoint), and
// ffprobe reads what the receiver recorded.

const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
const run = promisify(execFile);

let server: TestServer;
let receiver: RtmpReceiver;
let receiverUrl: string;
let dir: string;
let owner: string;

beforeAll(async () => {
  server = await startTestServer({ ingestPort: 0, ingestHost: '127.0.0.1' });
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  dir = await mkdtemp(join(tmpdir(), 'palco-simulcast-'));
  let refusals = 0;
  receiver = new RtmpReceiver({
    dir,
    // The key `flaky` is refused twice (a provider not ready yet), then taken.
    accept: (_app, key) => key !== 'flaky' || ++refusals > 2,
  });
  receiverUrl = await receiver.listen();
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A started live with an encoder publishing its program for `seconds`. */
async function liveWithProgram(seconds: number) {
  const api = (method: 'POST' | 'PUT', url: string, payload?: unknown) =>
    call(server.app, owner, method, `${url}?accountId=${DEMO}`, payload);
  const created = await api('POST', '/v1/live-streams', {
    nome: 'Simulcast',
    scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(created.statusCode, created.body).toBe(201);
  const stream = created.json<{ id: string; signals: { key: string }[] }>();
  const started = await api('PUT', `/v1/live-streams/${stream.id}/control/start`);
  expect(started.statusCode, started.body).toBe(200);
  const encoder = publishTestSignal(
    `rtmp://127.0.0.1:${server.app.ingestPort}/live/${stream.signals[0]?.key}`,
    seconds,
  );
  const tap = (sink: Parameters<typeof server.app.ingest.tapProgram>[1]) =>
    server.app.ingest.tapProgram(stream.id, sink);
  // The program is there once the viewers' output of the publish started.
  await until('the program', () => {
    const detach = tap({ write: () => {}, end: () => {} });
    detach?.();
    return detach ? true : undefined;
  });
  return { stream, encoder, tap };
}

async function probe(file: string): Promise<string[]> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-show_entries', 'stream=codec_type,codec_name', '-of', 'csv=p=0', file],
  ]);
  // Audio and video (FLV's script data, the metadata, may show as a data stream too).
  return stdout
    .trim()
    .split('\n')
    .filter((line) => !line.endsWith(',data'))
    .sort();
}

describe('simulcast push', () => {
  it('copies the live program to the provider’s RTMP ingestion, and stops with the program', async () => {
    const { encoder, tap } = await liveWithProgram(4);
    const reports: PushReport[] = [];
    const push = new SimulcastPush({
      ffmpegPath: 'ffmpeg',
      url: `${receiverUrl}/live2/chave-youtube`,
      tap,
      log: server.app.log,
      onReport: (r) => void reports.push(r),
    });
    const done = push.start();
    await until('pushing', () => (reports.some((r) => r.status === 'pushing') ? true : undefined));
    // The encoder stops: the publish ends, the push finishes on its own.
    await new Promise((resolve) => encoder.once('close', resolve));
    await done;
    expect(reports.map((r) => r.status)).toEqual(['connecting', 'pushing', 'stopped']);
    const [got] = receiver.received('chave-youtube');
    await until('the file', () => (got?.ended ? true : undefined));
    expect(await probe(got?.file ?? '')).toEqual(['aac,audio', 'h264,video']);
  });

  it('retries a refused push with a growing delay, tells why, and gets through', async () => {
    const { encoder, tap } = await liveWithProgram(30);
    const reports: PushReport[] = [];
    const push = new SimulcastPush({
      ffmpegPath: 'ffmpeg',
      url: `${receiverUrl}/rtmp/flaky`,
      tap,
      log: server.app.log,
      onReport: (r) => void reports.push(r),
      firstRetryMs: 100,
    });
    void push.start();
    await until('pushing', () => (reports.some((r) => r.status === 'pushing') ? true : undefined));
    const retries = reports.filter((r) => r.status === 'retrying');
    expect(retries.map((r) => r.retryInMs)).toEqual([100, 200]);
    for (const r of retries) {
      expect(r.error).toBeTruthy();
      expect(r.error).not.toContain('flaky');
    }
    await until('bytes', () => ((receiver.received('flaky')[0]?.bytes ?? 0) > 10_000 ? true : undefined));
    await push.stop();
    expect(reports.at(-1)?.status).toBe('stopped');
    encoder.kill('SIGKILL');
  });

  it('never says the stream key', () => {
    const url = 'rtmps://live-api-s.facebook.com:443/rtmp/FB-1234-0-AbCdEf?s_bl=1&s_sc=1';
    const text = `Error opening output ${url}: I/O error (rtmp/FB-1234-0-AbCdEf)`;
    expect(redactIngestUrl(text, url)).not.toContain('FB-1234-0-AbCdEf');
  });
});
