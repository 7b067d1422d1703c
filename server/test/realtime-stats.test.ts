import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { AccountClient, listen } from './realtime-helpers.ts';

/** GET /v1/realtime/stats: the staff's count of the open account sockets of this instance. */
let server: TestServer;
let base = '';
let staff = '';
let owner = '';
const clients: AccountClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  base = await listen(server.app);
  staff = await loginAs(server.app, 'staff@palco.test');
  owner = await loginAs(server.app, 'owner@palco.test');
}, 120_000);
afterAll(async () => {
  for (const c of clients) c.close();
  await server?.close();
});

const stats = (token: string) =>
  server.app.inject({
    method: 'GET',
    url: '/v1/realtime/stats',
    headers: { authorization: `Bearer ${token}` },
  });

describe('realtime stats', () => {
  it('counts the authenticated sockets, and goes down when one closes', async () => {
    expect((await stats(staff)).json()).toEqual({ sockets: 0 });
    const demo = DEMO_ACCOUNTS.demoProducoes.id;
    clients.push(await AccountClient.connect(base, demo, owner));
    clients.push(await AccountClient.connect(base, demo, owner));
    // Opened, no hello yet: not counted.
    clients.push(await AccountClient.open(base, demo));
    expect((await stats(staff)).json()).toEqual({ sockets: 2 });
    clients[0]!.close();
    await clients[0]!.closed;
    await expect.poll(async () => (await stats(staff)).json()).toEqual({ sockets: 1 });
  });

  it('is for staff only', async () => {
    expectError(await stats(owner), 403);
    expectError(await server.app.inject({ method: 'GET', url: '/v1/realtime/stats' }), 401);
  });
});
