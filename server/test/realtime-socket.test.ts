import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import { bearer, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { AccountClient, listen } from './realtime-helpers.ts';

/** The account websocket (docs/realtime.md) on a real listening server with real clients. */
const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
const OTHER: string = DEMO_ACCOUNTS.eventosAoVivo.id;
let server: TestServer;
let base = '';
let operator = '';
const clients: AccountClient[] = [];

async function connect(accountId: string, token: string, lastId?: string): Promise<AccountClient> {
  const client = await AccountClient.connect(base, accountId, token, lastId);
  clients.push(client);
  return client;
}
async function opened(accountId = DEMO): Promise<AccountClient> {
  const client = await AccountClient.open(base, accountId);
  clients.push(client);
  return client;
}
function raise(titulo: string, accountId = DEMO) {
  return server.app.events.publish(accountId, 'live_status', {
    live_id: '00000000-0000-4000-8000-000000000001',
    titulo,
    status: 'live',
    motivo: 'start',
  });
}

beforeAll(async () => {
  const { realtime } = loadConfig({});
  server = await startTestServer({
    realtime: {
      ...realtime,
      replayEvents: 5,
      helloTimeoutMs: 500,
      maxConnectionsPerUser: 3,
      maxBufferedBytes: 64 * 1024,
    },
  });
  base = await listen(server.app);
  operator = await loginAs(server.app, 'operator@palco.test');
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.close();
  await server?.close();
});

describe('GET /ws/:contaId', () => {
  it('answers a plain GET with 426', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/ws/${DEMO}` });
    expect(res.statusCode).toBe(426);
  });

  it('authenticates through the hello: bad token 4401, another team 4403, staff may watch any', async () => {
    const bad = await opened();
    bad.send({ type: 'hello', token: 'not-a-token' });
    expect((await bad.closed).code).toBe(4401);

    const other = await opened(OTHER);
    other.send({ type: 'hello', token: operator });
    expect((await other.closed).code).toBe(4403);

    const staff = await connect(OTHER, await loginAs(server.app, 'staff@palco.test'));
    expect(staff.named('conectado')[0]).toMatchObject({ evento: 'conectado', id: expect.any(String) });
  });

  it('closes 4400 for an invalid, an early or an oversized message, and 4408 without a hello', async () => {
    const ping = await opened();
    ping.send({ type: 'ping' });
    expect((await ping.closed).code).toBe(4400);

    const junk = await opened();
    junk.ws.send('{not json');
    expect((await junk.closed).code).toBe(4400);

    const after = await connect(DEMO, operator);
    after.send({ type: 'subscribe', all: true });
    expect((await after.closed).code).toBe(4400);

    const big = await opened();
    big.send({ type: 'hello', token: 'x'.repeat(8000) });
    expect((await big.closed).code).toBe(4400);

    const silent = await opened();
    expect((await silent.closed).code).toBe(4408);
  });

  it('sends every event of the account as one JSON line to each of its sockets, and no other', async () => {
    const a = await connect(DEMO, operator);
    const b = await connect(DEMO, operator);
    const staff = await connect(OTHER, await loginAs(server.app, 'staff@palco.test'));
    const frames: string[] = [];
    a.ws.on('message', (data) => frames.push(data.toString('utf8')));
    a.send({ type: 'ping' });
    await raise('Culto de domingo');
    for (const client of [a, b]) {
      const event = await client.waitFor((e) => e.titulo === 'Culto de domingo');
      expect(event).toMatchObject({ evento: 'live_status', status: 'live', motivo: 'start' });
      expect(Number(event.id)).toBeGreaterThan(Number(client.named('conectado')[0]?.id));
      expect(new Date(String(event.timestamp)).toISOString()).toBe(event.timestamp);
    }
    expect(frames.join('')).toMatch(/^\{"id":"\d+","evento":"live_status".*\}\n$/);
    await raise('Só da outra conta', OTHER);
    await staff.waitFor((e) => e.titulo === 'Só da outra conta');
    expect(a.events.some((e) => e.titulo === 'Só da outra conta')).toBe(false);
    for (const client of [a, b, staff]) client.close();
  });

  it('replays what a reconnecting client missed, and says replay_incompleto past the window', async () => {
    const first = await connect(DEMO, operator);
    await raise('antes');
    const seen = await first.waitFor((e) => e.titulo === 'antes');
    first.close();
    await raise('perdido 1');
    await raise('perdido 2');

    const back = await connect(DEMO, operator, String(seen.id));
    await back.waitFor((e) => e.titulo === 'perdido 2');
    expect(back.events.map((e) => e.titulo ?? e.evento)).toEqual(['conectado', 'perdido 1', 'perdido 2']);
    back.close();

    // The window holds 5 events here: 6 more push 'perdido 2' out of it. On PostgreSQL an event
    // reaches this instance's window through LISTEN after `publish` resolved: wait for the last one.
    for (let i = 0; i < 6; i += 1) await raise(`depois ${i}`);
    await vi.waitFor(
      () => expect(server.app.events.recent(DEMO, 'live_status', 1)[0]?.titulo).toBe('depois 5'),
      { timeout: 10_000 },
    );
    const late = await connect(DEMO, operator, String(back.events.at(-1)?.id));
    await late.waitFor((e) => e.evento === 'replay_incompleto');
    expect(late.events.some((e) => e.evento === 'live_status')).toBe(false);
    late.close();
  });

  it('caps the sockets of one user with 4429, and tells the user how many they hold', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const count = async () => {
      const res = await server.app.inject({
        method: 'GET',
        url: '/v1/realtime/sockets',
        headers: bearer(operator),
      });
      return res.json<{ sockets: number }>().sockets;
    };
    expect(await count()).toBe(0);
    const held = [
      await connect(DEMO, operator),
      await connect(DEMO, operator),
      await connect(DEMO, operator),
    ];
    expect(await count()).toBe(3);
    const extra = await opened();
    extra.send({ type: 'hello', token: operator });
    expect((await extra.closed).code).toBe(4429);
    held[0]?.close();
    await held[0]?.closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await connect(DEMO, operator);
    for (const client of [...held, again]) client.close();
  });

  it('drops a client that does not read, while another keeps receiving', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const slow = await connect(DEMO, operator);
    const fast = await connect(DEMO, operator);
    slow.ws._socket.pause();
    const before = server.app.realtimeSockets.size;
    let sent = 0;
    while (server.app.realtimeSockets.size === before && sent < 200_000) {
      for (let i = 0; i < 500; i += 1, sent += 1) await raise(`carga ${sent} ${'x'.repeat(400)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(server.app.realtimeSockets.size).toBe(before - 1);
    await fast.waitFor((e) => String(e.titulo).startsWith(`carga ${sent - 1} `));
    expect(fast.named('live_status')).toHaveLength(sent);
    slow.ws._socket.resume();
    expect([4009, 1006]).toContain((await slow.closed).code);
    fast.close();
  }, 60_000);
});
