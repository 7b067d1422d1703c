import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { FakeFacebook } from './fakes/facebook.ts';
import { RtmpReceiver } from './fakes/rtmp-receiver.ts';
import { FakeYoutube } from './fakes/youtube.ts';
import { loginAs, PUBLIC_URL, startTestServer, type TestServer } from './helpers.ts';
import { publishTestSignal } from './rtmp-encoder.ts';
import { call } from './streams-helpers.ts';

// Simulcast end to end: a team connected to YouTube and to a Facebook Page starts a live with a real
// encoder publishing; Palco makes the broadcast / live video at the local YouTube and Facebook, pushes
// the program to their ingestion (a local RTMP receiver: ffprobe reads what it got), takes the YouTube
// broadcast live once YouTube sees data, and completes / ends both when the live ends.

const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
const YOUTUBE_TOKEN = 'ya29.token-do-canal-de-teste';
const run = promisify(execFile);

let server: TestServer;
let receiver: RtmpReceiver;
let youtube: FakeYoutube;
let facebook: FakeFacebook;
let dir: string;
let owner: string;
const lines: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'palco-simulcast-'));
  receiver = new RtmpReceiver({
    dir,
    // Like the real ingestion endpoints: only the keys the provider handed out are taken.
    accept: (app, key) =>
      (app === 'live2' && [...youtube.streams.values()].some((s) => s.streamName === key)) ||
      (app === 'rtmp' && [...facebook.liveVideos.values()].some((v) => v.key === key)),
  });
  await receiver.listen();
  youtube = new FakeYoutube(receiver, (token) =>
    token === YOUTUBE_TOKEN ? ['https://www.googleapis.com/auth/youtube'] : null,
  );
  facebook = new FakeFacebook(receiver);
  await youtube.listen();
  await facebook.listen();
  const base = loadConfig({ PUBLIC_URL }).integrations;
  server = await startTestServer(
    {
      ingestPort: 0,
      ingestHost: '127.0.0.1',
      logLevel: 'trace',
      integrations: {
        ...base,
        youtube: { apiUrl: youtube.url, broadcastPrivacy: 'unlisted' },
        facebook: { ...base.facebook, graphUrl: facebook.graphUrl, dialogUrl: facebook.dialogUrl },
        devHosts: [`127.0.0.1:${receiver.port}`],
        simulcastRetryMs: 200,
      },
    },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
  await Promise.all([receiver?.close(), youtube?.close(), facebook?.close()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  call(server.app, owner, method, `${url}${url.includes('?') ? '&' : '?'}accountId=${DEMO}`, payload);

/** Connections as the OAuth callbacks leave them: tokens sealed, the simulcast switched on. */
async function connect(): Promise<void> {
  const { integrations, db } = server.app;
  // The Page token Facebook hands out for the granted Page.
  const userToken = 'EAAuser-token-de-teste';
  facebook.userTokens.add(userToken);
  const pageToken = 'EAApage-token-de-teste';
  facebook.pageTokens.add(pageToken);
  await db
    .insertInto('integration_connections')
    .values([
      {
        account_id: DEMO,
        provider: 'youtube',
        external_account_id: youtube.channel.id,
        label: youtube.channel.title,
        access_token_enc: integrations.seal(DEMO, 'youtube', YOUTUBE_TOKEN),
        refresh_token_enc: null,
        secret_enc: null,
        token_expires_at: new Date(Date.now() + 3_600_000),
        scopes: 'https://www.googleapis.com/auth/youtube',
        enabled: true,
        folder_id: null,
        data: '{}',
        last_polled_at: null,
        last_error: null,
        created_by: DEMO_USERS.owner.id,
      },
      {
        account_id: DEMO,
        provider: 'facebook',
        external_account_id: facebook.page.id,
        label: facebook.page.name,
        access_token_enc: integrations.seal(DEMO, 'facebook', pageToken),
        refresh_token_enc: null,
        secret_enc: integrations.seal(DEMO, 'facebook', userToken),
        token_expires_at: null,
        scopes: 'pages_show_list,pages_read_engagement,pages_manage_posts',
        enabled: true,
        folder_id: null,
        data: '{}',
        last_polled_at: null,
        last_error: null,
        created_by: DEMO_USERS.owner.id,
      },
    ])
    .execute();
}

async function probe(file: string): Promise<string[]> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-show_entries', 'stream=codec_type,codec_name', '-of', 'csv=p=0', file],
  ]);
  return stdout
    .trim()
    .split('\n')
    .filter((line) => !line.endsWith(',data'))
    .sort();
}

interface Target {
  provider: string;
  state: string;
  name: string | null;
  watchUrl: string | null;
  reason: string | null;
  error: string | null;
}

const summary = (list: Target[]) => list.map((t) => `${t.provider}:${t.name}:${t.state}`).sort();

/** What the live's panel reads. */
const targetsOf = async (liveId: string) => (await api('GET', `/bff/simulcast/${liveId}`)).json<Target[]>();

/** A live scheduled for tomorrow, of the team. */
async function createLive(nome: string) {
  const created = await api('POST', '/v1/live-streams', {
    nome,
    scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: string; signals: { key: string }[] }>();
}

/** Starts the live and publishes a real encoder's signal to it (killed by the caller). */
async function goLive(stream: { id: string; signals: { key: string }[] }) {
  const started = await api('PUT', `/v1/live-streams/${stream.id}/control/start`);
  expect(started.statusCode, started.body).toBe(200);
  return publishTestSignal(`rtmp://127.0.0.1:${server.app.ingestPort}/live/${stream.signals[0]?.key}`, 60);
}

describe('simulcast to YouTube and Facebook', () => {
  it('pushes a started live to both, takes YouTube live with data, and ends both with the live', async () => {
    await connect();
    const stream = await createLive('Aula ao vivo simultânea');
    // Before the live goes on air, the panel lists where it will go: the channel and the Page, waiting.
    expect(summary(await targetsOf(stream.id))).toEqual([
      `facebook:${facebook.page.name}:waiting`,
      `youtube:${youtube.channel.title}:waiting`,
    ]);
    const encoder = await goLive(stream);
    try {
      // Both go live: YouTube's broadcast transitioned once its stream was active, Facebook's data flows.
      const targets = await until('both live', async () => {
        const list = await targetsOf(stream.id);
        return list.length === 2 && list.every((t) => t.state === 'live') ? list : undefined;
      });
      expect(summary(targets)).toEqual([
        `facebook:${facebook.page.name}:live`,
        `youtube:${youtube.channel.title}:live`,
      ]);
      expect(targets.every((t) => t.reason === null)).toBe(true);
      const broadcast = [...youtube.broadcasts.values()][0];
      expect(broadcast).toMatchObject({ title: 'Aula ao vivo simultânea', lifeCycleStatus: 'live' });
      expect(broadcast?.boundStreamId).toBeTruthy();
      expect(youtube.calls.map((c) => `${c.method} ${c.path}`)).toEqual(
        expect.arrayContaining([
          'POST /liveBroadcasts',
          'POST /liveStreams',
          'POST /liveBroadcasts/bind',
          'POST /liveBroadcasts/transition',
        ]),
      );
      expect(targets.find((t) => t.provider === 'youtube')?.watchUrl).toBe(
        `https://www.youtube.com/watch?v=${broadcast?.id}`,
      );
      const [video] = [...facebook.liveVideos.values()];
      expect(video).toMatchObject({ status: 'LIVE', title: 'Aula ao vivo simultânea' });
      // Let some media flow, then end the live.
      await until('media at both', () =>
        receiver.publishes.length >= 2 && receiver.publishes.every((p) => p.bytes > 50_000)
          ? true
          : undefined,
      );
      const finished = await api('PUT', `/v1/live-streams/${stream.id}/control/complete`);
      expect(finished.statusCode, finished.body).toBe(200);
      await until('both ended', async () => {
        const list = await targetsOf(stream.id);
        return list.length === 2 && list.every((t) => t.state === 'ended') ? true : undefined;
      });
      // The session is marked ended before the providers are told (one instance claims the end): their
      // side follows a moment later.
      await until('the providers ended', () =>
        broadcast?.lifeCycleStatus === 'complete' && video?.status === 'VOD' ? true : undefined,
      );
      // What each provider received is the live's program: H.264 video and AAC audio.
      for (const publish of receiver.publishes) {
        await until('the file', () => (publish.ended ? true : undefined));
        expect(await probe(publish.file)).toEqual(['aac,audio', 'h264,video']);
      }
      const events = await server.app.db
        .selectFrom('activity_logs')
        .select(['event'])
        .where('identifier', '=', stream.id)
        .where('event', 'like', 'SIMULCAST_%')
        .execute();
      expect(events.map((e) => e.event).sort()).toEqual([
        'SIMULCAST_ENCERRADO',
        'SIMULCAST_ENCERRADO',
        'SIMULCAST_INICIADO',
        'SIMULCAST_INICIADO',
      ]);
      // The stream keys are in no log line.
      const keys = [...youtube.streams.values()].map((s) => s.streamName).concat(video ? [video.key] : []);
      for (const key of keys) expect(lines.join('\n')).not.toContain(key);
    } finally {
      encoder.kill('SIGKILL');
    }
  }, 120_000);

  it('shows a refused broadcast as failed with its reason, and lists nothing more once the live ended', async () => {
    const stream = await createLive('Aula com o YouTube recusando');
    // YouTube refuses every call (403) while this live runs; Facebook takes it.
    youtube.failNext = { status: 403, count: 1_000_000 };
    const encoder = await goLive(stream);
    try {
      const targets = await until('youtube failed, facebook live', async () => {
        const list = await targetsOf(stream.id);
        return summary(list).join() ===
          `facebook:${facebook.page.name}:live,youtube:${youtube.channel.title}:failed`
          ? list
          : undefined;
      });
      expect(targets.find((t) => t.provider === 'youtube')).toMatchObject({
        reason: 'refused',
        error: expect.stringContaining('HTTP 403'),
      });
      expect(targets.find((t) => t.provider === 'facebook')?.reason).toBeNull();
    } finally {
      youtube.failNext = null;
      encoder.kill('SIGKILL');
    }
    const finished = await api('PUT', `/v1/live-streams/${stream.id}/control/complete`);
    expect(finished.statusCode, finished.body).toBe(200);
    await until('both ended', async () => {
      return summary(await targetsOf(stream.id)).join() ===
        `facebook:${facebook.page.name}:ended,youtube:${youtube.channel.title}:ended`
        ? true
        : undefined;
    });
    // An ended live waits for nothing: a live that never went on air lists no destination once ended.
    const otherId = (await createLive('Aula que não foi ao ar')).id;
    expect(await targetsOf(otherId)).toHaveLength(2);
    expect((await api('PUT', `/v1/live-streams/${otherId}/control/start`)).statusCode).toBe(200);
    expect((await api('PUT', `/v1/live-streams/${otherId}/control/complete`)).statusCode).toBe(200);
    expect(await targetsOf(otherId)).toEqual([]);
  }, 120_000);
});
