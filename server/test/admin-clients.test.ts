import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_CLIENTS, DEMO_USERS } from '../src/db/seed.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';

// /clients (docs/api-admin.md "Clients"): staff see every client and act in one of its teams, logged as
// staff.

let server: TestServer;
let staff: string;
const DEMO = DEMO_ACCOUNTS.demoProducoes.id;

beforeAll(async () => {
  server = await startTestServer();
  staff = await loginAs(server.app, DEMO_USERS.staff.login);
});
afterAll(async () => {
  await server?.close();
});

const call = (token: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

interface ClientsPage {
  items: Array<{
    id: string;
    name: string;
    blocked: boolean;
    usersCount: number;
    plan: { name: string; custom: boolean };
    accounts: Array<{ id: string; name: string; blocked: boolean; membersCount: number }>;
  }>;
  pagination: { page: number; total: number; pagesTotal: number };
}

describe('GET /v1/clients', () => {
  it('lists every client with its teams, blocked state and users; searched by client or team name', async () => {
    const res = await call(staff, 'GET', '/v1/clients');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ClientsPage>();
    const byName = Object.fromEntries(body.items.map((c) => [c.name, c]));
    expect(Object.keys(byName)).toEqual(
      expect.arrayContaining(['Palco', 'Demo Produções', 'Conta Bloqueada']),
    );
    expect(byName['Demo Produções']!.accounts.map((a) => a.name)).toEqual([
      'Demo Produções',
      'Eventos Ao Vivo',
    ]);
    expect(byName['Demo Produções']!.blocked).toBe(false);
    expect(byName['Demo Produções']!.usersCount).toBeGreaterThanOrEqual(2);
    expect(byName['Conta Bloqueada']).toMatchObject({ blocked: true, accounts: [{ blocked: true }] });

    // A team's name finds its client; accents and case do not matter.
    const searched = (await call(staff, 'GET', '/v1/clients?search=EVENTOS')).json<ClientsPage>();
    expect(searched.items.map((c) => c.id)).toEqual([DEMO_CLIENTS.demo.id]);
    const plain = (await call(staff, 'GET', '/v1/clients?search=producoes')).json<ClientsPage>();
    expect(plain.items.map((c) => c.id)).toEqual([DEMO_CLIENTS.demo.id]);
    const paged = (await call(staff, 'GET', '/v1/clients?limit=1&page=2')).json<ClientsPage>();
    expect(paged.items).toHaveLength(1);
    expect(paged.pagination.pagesTotal).toBe(body.pagination.total);
  });

  it("shows each client's plan: the default one until staff set one on /billing", async () => {
    const planOf = async () =>
      (await call(staff, 'GET', '/v1/clients?search=producoes')).json<ClientsPage>().items[0]!.plan;
    expect(await planOf()).toEqual({ name: 'Padrão', custom: false });
    const plan = {
      name: 'Sob medida',
      currency: 'usd',
      quotas: { storageGb: 10, encodedMinutes: 1, liveMinutes: 100, deliveredMinutes: 1000 },
      prices: { storageGbMonth: 0.2, encodedMinute: 0.5, liveMinute: 0.01, deliveredMinute: 0.001 },
    };
    const put = await call(staff, 'PUT', `/v1/clients/${DEMO_CLIENTS.demo.id}/plan`, plan);
    expect(put.statusCode, put.body).toBe(200);
    expect(await planOf()).toEqual({ name: 'Sob medida', custom: true });
    expect((await call(staff, 'DELETE', `/v1/clients/${DEMO_CLIENTS.demo.id}/plan`)).statusCode).toBe(204);
    expect(await planOf()).toEqual({ name: 'Padrão', custom: false });
  });

  it('is staff only: an owner holding every other permission gets 403', async () => {
    const owner = await loginAs(server.app, DEMO_USERS.owner.login);
    expectError(await call(owner, 'GET', '/v1/clients'), 403);
  });

  it("staff act in a client's team they are not a member of, logged as a staff action", async () => {
    const res = await call(staff, 'PUT', '/bff/me/selected-team', { accountId: DEMO });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: { selectedTeamId: string } }>().user.selectedTeamId).toBe(DEMO);
    // Working in it now, without naming it.
    expect((await call(staff, 'GET', '/v1/users')).json<{ items: Array<{ email: string }> }>().items).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: DEMO_USERS.owner.login })]),
    );
    const logs = await server.app.db
      .selectFrom('activity_logs')
      .select(['event', 'actor_email', 'identifier'])
      .where('account_id', '=', DEMO)
      .where('actor_email', '=', DEMO_USERS.staff.login)
      .execute();
    expect(logs).toContainEqual({
      event: 'ACESSO_STAFF',
      actor_email: DEMO_USERS.staff.login,
      identifier: 'Demo Produções',
    });

    // Back in their own team: an ordinary team selection.
    await call(staff, 'PUT', '/bff/me/selected-team', { accountId: DEMO_ACCOUNTS.palcoInterno.id });
    const own = await server.app.db
      .selectFrom('activity_logs')
      .select('event')
      .where('account_id', '=', DEMO_ACCOUNTS.palcoInterno.id)
      .where('actor_email', '=', DEMO_USERS.staff.login)
      .execute();
    expect(own.map((l) => l.event)).toContain('TIME_SELECIONADO');
    expect(own.map((l) => l.event)).not.toContain('ACESSO_STAFF');
  });
});
