import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import { DEMO_STREAMS } from '../src/db/seed-streams.ts';
import { loginAs, startTestServer, type TestServer } from './helpers.ts';
import { AccountClient, listen } from './realtime-helpers.ts';
import { call, logsOf, userWith } from './streams-helpers.ts';
import { ChannelClient } from './viewer-helpers.ts';

/** The public viewer channel of a live (docs/playback.md "Viewer channel", viewer contract §3) on a real
 * listening server. */
const LIVE: string = DEMO_STREAMS.showAoVivo.id;
const PAUSED: string = DEMO_STREAMS.podcast.id;
const ACCOUNT: string = DEMO_ACCOUNTS.demoProducoes.id;
let server: TestServer;
let base = '';
const clients: ChannelClient[] = [];

async function open(liveId = LIVE): Promise<ChannelClient> {
  const client = await ChannelClient.open(base, liveId);
  clients.push(client);
  return client;
}
async function joined(liveId = LIVE): Promise<ChannelClient> {
  const client = await open(liveId);
  await client.waitFor((m) => m.type === 'viewers');
  return client;
}

beforeAll(async () => {
  server = await startTestServer({
    viewers: { ...loadConfig({}).viewers, channelMaxPerAddress: 4, channelMaxPerLive: 3 },
  });
  base = await listen(server.app);
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.close();
  await server?.close();
});

describe('GET /v1/public/lives/:liveId/channel', () => {
  it('answers a plain GET 426, a junk id 400 and an unknown live 404, without a session', async () => {
    expect(
      (await server.app.inject({ method: 'GET', url: `/v1/public/lives/${LIVE}/channel` })).statusCode,
    ).toBe(426);
    const junk = await server.app.inject({ method: 'GET', url: '/v1/public/lives/nope/channel' });
    expect(junk.statusCode).toBe(400);
    const unknown = await server.app.inject({
      method: 'GET',
      url: '/v1/public/lives/00000000-0000-4000-8000-0000000000ff/channel',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('sends the current status and count, then forwards this live’s events only', async () => {
    const viewer = await joined();
    expect(viewer.messages.slice(0, 2)).toEqual([
      { type: 'status', status: 'live' },
      { type: 'viewers', count: 0 },
    ]);
    const other = await joined(PAUSED);
    expect(other.messages[0]).toEqual({ type: 'status', status: 'paused' });

    const until = new Date(Date.now() + 60_000).toISOString();
    await server.app.events.publish(ACCOUNT, 'viewer_id', { live_id: LIVE, until });
    await server.app.events.publish(ACCOUNT, 'espectadores', { live_id: LIVE, total: 7 });
    // The overlays routes raise this one; the channel forwards it as it comes.
    const overlays = [{ id: 'o1', kind: 'text', text: 'Olá', imageUrl: null, position: 'top-left' }];
    await server.app.events.publish(
      ACCOUNT,
      'live.overlays' as 'viewer_id',
      {
        liveId: LIVE,
        overlays,
      } as unknown as { live_id: string; until: string },
    );
    const operator = await loginAs(server.app, 'operator@palco.test');
    const paused = await call(server.app, operator, 'PUT', `/v1/live-streams/${LIVE}/control/pause`);
    expect(paused.statusCode, paused.body).toBe(200);

    await viewer.waitFor((m) => m.type === 'status' && m.status === 'paused');
    expect(viewer.messages.slice(2)).toEqual([
      { type: 'viewer_id', until },
      { type: 'viewers', count: 7 },
      { type: 'overlays', overlays },
      { type: 'status', status: 'paused' },
    ]);
    // The other live's viewers heard nothing of it.
    expect(other.messages).toHaveLength(2);
  });

  it('takes pings, and closes 4400 on anything else: junk, another message, binary, oversized', async () => {
    const pinger = await joined();
    pinger.ws.send(JSON.stringify({ type: 'ping' }));
    await server.app.events.publish(ACCOUNT, 'espectadores', { live_id: LIVE, total: 3 });
    await pinger.waitFor((m) => m.type === 'viewers' && m.count === 3);

    for (const junk of [
      '{not json',
      JSON.stringify({ type: 'hello' }),
      Buffer.from([1, 2, 3]),
      'x'.repeat(8000),
    ]) {
      const client = await joined();
      client.ws.send(junk);
      expect((await client.closed).code).toBe(4400);
    }
  });

  it('bounds the open channels per live and per client address (4429)', async () => {
    for (const c of clients.splice(0)) c.close();
    // Closed sockets leave their room once the server sees them go.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const live = [await joined(), await joined(), await joined()];
    const fourth = await open();
    expect((await fourth.closed).code).toBe(4429);
    // Another live still has room, up to the address's bound (4).
    await joined(PAUSED);
    const fifth = await open(PAUSED);
    expect((await fifth.closed).code).toBe(4429);
    live[0]?.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await joined();
  });
});

describe('POST /v1/live-streams/:id/viewer-id', () => {
  it('makes every player of the live show its viewer ID for 60 s, tells the consoles, and logs it', async () => {
    for (const c of clients.splice(0)) c.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const owner = await loginAs(server.app, 'owner@palco.test');
    const resumed = await call(server.app, owner, 'PUT', `/v1/live-streams/${LIVE}/control/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    const players = [await joined(), await joined()];
    const console = await AccountClient.connect(base, ACCOUNT, owner);
    try {
      const before = Date.now();
      const res = await call(server.app, owner, 'POST', `/v1/live-streams/${LIVE}/viewer-id`);
      expect(res.statusCode, res.body).toBe(200);
      const { until } = res.json<{ until: string }>();
      const lasts = Date.parse(until) - before;
      expect(lasts).toBeGreaterThanOrEqual(59_000);
      expect(lasts).toBeLessThanOrEqual(61_000);
      for (const player of players) {
        expect(await player.waitFor((m) => m.type === 'viewer_id')).toEqual({ type: 'viewer_id', until });
      }
      expect(await console.waitFor((e) => e.evento === 'viewer_id')).toMatchObject({ live_id: LIVE, until });
      const logs = await logsOf(server.app, LIVE);
      expect(logs.at(-1)).toMatchObject({
        event: 'SINAL_IDENTIFICACAO_ENVIADO',
        actor_email: 'owner@palco.test',
      });
    } finally {
      console.close();
    }
  });

  it('needs showStreaming (403), a live of the team (404) that is on air (409)', async () => {
    const reader = await userWith(server.app, ACCOUNT, 'so-historico@palco.test', ['showHistory']);
    const refused = await call(server.app, reader, 'POST', `/v1/live-streams/${LIVE}/viewer-id`);
    expect(refused.statusCode).toBe(403);
    const operator = await loginAs(server.app, 'operator@palco.test');
    const unknown = '00000000-0000-4000-8000-0000000000ff';
    expect(
      (await call(server.app, operator, 'POST', `/v1/live-streams/${unknown}/viewer-id`)).statusCode,
    ).toBe(404);
    const scheduled = await call(
      server.app,
      operator,
      'POST',
      `/v1/live-streams/${DEMO_STREAMS.aulaInaugural.id}/viewer-id`,
    );
    expect(scheduled.statusCode).toBe(409);
    expect(scheduled.json().message).toBe(
      'A transmissão não está no ar: não há espectadores para identificar',
    );
  });
});
