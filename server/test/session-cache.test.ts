// The caller look-up is cached per instance and dropped by the database's notifications
// (docs/server.md "Sessions cached per instance"): a revocation made anywhere holds from the next request
// everywhere. On PostgreSQL "anywhere" is a second server on the same database; on the embedded database
// there is one process, and the change goes through the same one.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DEMO_CLIENTS } from '../src/db/seed.ts';
import { createTeam, type TestTeam } from './admin-helpers.ts';
import { bearer, loginAs, startTestServer, type TestServer, testConfig, waitFor } from './helpers.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
let server: TestServer;
/** Where changes are made (A) and where they must be seen on the next request (B). */
let a: FastifyInstance;
let b: FastifyInstance;
let team: TestTeam;
let gestor: string;

beforeAll(async () => {
  server = await startTestServer();
  a = server.app;
  // A second server on the same database and secret, as behind a load balancer.
  b = onPostgres ? await buildApp(testConfig(server.store)) : a;
  team = await createTeam(a, {
    name: 'Cache de sessões',
    clientId: DEMO_CLIENTS.demo.id,
    roles: {
      gestor: ['showUsers', 'showRoles', 'showStreaming', 'showVOD'],
      membro: ['showStreaming'],
      leitor: ['showVOD'],
    },
    members: [
      { login: 'gestor@cache.test', role: 'gestor' },
      { login: 'sair@cache.test', role: 'membro' },
      { login: 'senha@cache.test', role: 'membro' },
      { login: 'removido@cache.test', role: 'membro' },
      { login: 'cargo@cache.test', role: 'membro' },
      { login: 'permissoes@cache.test', role: 'membro' },
      { login: 'operador@cache.test', role: 'membro' },
      { login: 'fora@cache.test', role: 'membro' },
    ],
  });
  gestor = await loginAs(a, 'gestor@cache.test');
}, 180_000);

afterAll(async () => {
  if (b && b !== a) await b.close();
  await server?.close();
});

const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: `/bff/me?accountId=${team.accountId}`, headers: bearer(token) });
const streams = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: `/v1/live-streams?accountId=${team.accountId}`, headers: bearer(token) });

/** Signs in and has B answer twice, so B holds the caller in memory before the change. */
async function signedInOnB(login: string): Promise<string> {
  const token = await loginAs(a, login);
  for (let i = 0; i < 2; i++) expect((await streams(b, token)).statusCode).toBe(200);
  return token;
}

describe('a change made on one instance holds from the next request on another', () => {
  it('logout', async () => {
    const token = await signedInOnB('sair@cache.test');
    const out = await a.inject({ method: 'POST', url: '/bff/logout', headers: bearer(token) });
    expect(out.statusCode, out.body).toBe(204);
    expect((await me(b, token)).statusCode).toBe(401);
  });

  it('password change', async () => {
    const token = await signedInOnB('senha@cache.test');
    const changed = await a.inject({
      method: 'POST',
      url: '/v1/me/password',
      headers: bearer(token),
      payload: { currentPassword: 'palco123', newPassword: 'nova1234' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(b, token)).statusCode).toBe(401);
    // The token the change answered works there.
    expect((await me(b, changed.json<{ Token: string }>().Token)).statusCode).toBe(200);
  });

  it('removed member', async () => {
    const token = await signedInOnB('removido@cache.test');
    const userId = team.users['removido@cache.test'];
    const res = await a.inject({
      method: 'DELETE',
      url: `/v1/users/${userId}?accountId=${team.accountId}`,
      headers: bearer(gestor),
    });
    expect(res.statusCode, res.body).toBe(204);
    // Not a member any more: the team is unknown to them.
    expect((await streams(b, token)).statusCode).toBe(404);
  });

  it('changed role', async () => {
    const token = await signedInOnB('cargo@cache.test');
    const userId = team.users['cargo@cache.test'];
    const res = await a.inject({
      method: 'PATCH',
      url: `/v1/users/${userId}/role?accountId=${team.accountId}`,
      headers: bearer(gestor),
      payload: { roleId: team.roles.leitor },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await streams(b, token)).statusCode).toBe(403);
    expect((await me(b, token)).json<{ user: { cargo: string } }>().user.cargo).toBe('leitor');
  });

  it("the role's permissions changed", async () => {
    const token = await signedInOnB('permissoes@cache.test');
    const res = await a.inject({
      method: 'PATCH',
      url: `/v1/roles/${team.roles.membro}?accountId=${team.accountId}`,
      headers: bearer(gestor),
      payload: { permissions: ['showVOD'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await streams(b, token)).statusCode).toBe(403);
    // Put back for the other tests.
    const back = await a.inject({
      method: 'PATCH',
      url: `/v1/roles/${team.roles.membro}?accountId=${team.accountId}`,
      headers: bearer(gestor),
      payload: { permissions: ['showStreaming'] },
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('an operator signing the user out, or blocking the team, in SQL', async () => {
    const token = await signedInOnB('operador@cache.test');
    await sql`update accounts set blocked = true where id = ${team.accountId}`.execute(a.db);
    const blocked = (await me(b, token)).json<{ contasCargos: { conta_id: string; bloqueada: boolean }[] }>();
    expect(blocked.contasCargos.find((c) => c.conta_id === team.accountId)?.bloqueada).toBe(true);
    await sql`update accounts set blocked = false where id = ${team.accountId}`.execute(a.db);
    await sql`delete from sessions where user_id = ${team.users['operador@cache.test']}`.execute(a.db);
    expect((await me(b, token)).statusCode).toBe(401);
  });
});

describe.skipIf(!onPostgres)('while the listening connection is down (PostgreSQL)', () => {
  it('every request reads the database, so a revocation then is not missed', {
    timeout: 60_000,
  }, async () => {
    const token = await signedInOnB('fora@cache.test');
    const admin = new pg.Client({ connectionString: server.store.databaseUrl });
    await admin.connect();
    try {
      // B's and A's listening connections are cut (as by a PostgreSQL restart or a network fault)...
      const cut = await admin.query<{ done: boolean }>(
        "select pg_terminate_backend(pid, 5000) as done from pg_stat_activity where application_name = 'palco-caches' and datname = current_database()",
      );
      expect(cut.rows.length).toBeGreaterThan(0);
      await waitFor(() => !b.sessionCache.enabled);
      // ...and the user is signed out everywhere meanwhile: nobody hears of it.
      await admin.query('update users set token_version = token_version + 1 where id = $1', [
        team.users['fora@cache.test'],
      ]);
      expect((await me(b, token)).statusCode).toBe(401);
      // Listening again, B starts from an empty cache: still refused.
      await waitFor(() => b.sessionCache.enabled);
      expect((await me(b, token)).statusCode).toBe(401);
    } finally {
      await admin.end();
    }
  });
});
