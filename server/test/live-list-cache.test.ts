// Pages of the live-stream list are kept per instance and dropped by the database's notifications
// (docs/server.md "The live-stream list"): a change made anywhere shows in the next list everywhere. On
// PostgreSQL "anywhere" is a second server on the same database; on the embedded database there is one
// process, and the change goes through the same one.
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
/** Where changes are made (A) and where they must be seen on the next list (B). */
let a: FastifyInstance;
let b: FastifyInstance;
let team: TestTeam;
/** May see the stream keys (`broadcast`). */
let producer: string;
/** May list the streams, not see their keys. */
let viewer: string;

interface Page {
  items: Array<{
    id: string;
    nome: string;
    streamKey: string | null;
    signals: Array<{ key: string | null }>;
  }>;
  pagination: { total: number };
}

beforeAll(async () => {
  server = await startTestServer();
  a = server.app;
  // A second server on the same database and secret, as behind a load balancer.
  b = onPostgres ? await buildApp(testConfig(server.store)) : a;
  team = await createTeam(a, {
    name: 'Cache da lista de lives',
    clientId: DEMO_CLIENTS.demo.id,
    roles: { produtor: ['showStreaming', 'broadcast'], leitor: ['showStreaming'] },
    members: [
      { login: 'produtor@lives-cache.test', role: 'produtor' },
      { login: 'leitor@lives-cache.test', role: 'leitor' },
    ],
  });
  producer = await loginAs(a, 'produtor@lives-cache.test');
  viewer = await loginAs(a, 'leitor@lives-cache.test');
}, 180_000);

afterAll(async () => {
  if (b && b !== a) await b.close();
  await server?.close();
});

async function list(app: FastifyInstance, token = producer, query = ''): Promise<Page> {
  const res = await app.inject({
    method: 'GET',
    url: `/v1/live-streams?accountId=${team.accountId}${query}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}

/** B answers the list twice, so it holds the page in memory before the change. */
async function listedOnB(query = ''): Promise<Page> {
  await list(b, producer, query);
  return list(b, producer, query);
}

async function create(nome: string): Promise<string> {
  const res = await a.inject({
    method: 'POST',
    url: `/v1/live-streams?accountId=${team.accountId}`,
    headers: bearer(producer),
    payload: { nome, scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('a change made on one instance shows in the next list on another', () => {
  it('a stream created, renamed and deleted', async () => {
    const before = await listedOnB();
    const id = await create('Aula aberta');
    const created = await list(b);
    expect(created.pagination.total).toBe(before.pagination.total + 1);
    expect(created.items.map((s) => s.nome)).toContain('Aula aberta');

    await listedOnB();
    const renamed = await a.inject({
      method: 'PATCH',
      url: `/v1/live-streams/${id}?accountId=${team.accountId}`,
      headers: bearer(producer),
      payload: { nome: 'Aula aberta (remarcada)' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await list(b)).items.find((s) => s.id === id)?.nome).toBe('Aula aberta (remarcada)');

    await listedOnB();
    const deleted = await a.inject({
      method: 'DELETE',
      url: `/v1/live-streams/${id}?accountId=${team.accountId}`,
      headers: bearer(producer),
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const after = await list(b);
    expect(after.pagination.total).toBe(before.pagination.total);
    expect(after.items.map((s) => s.id)).not.toContain(id);
  });

  it("an operator's SQL", async () => {
    const id = await create('Ensaio');
    // Another page of the same team (a filter) is kept apart, and dropped too.
    const live = await listedOnB('&status=live');
    expect(live.items).toEqual([]);
    await listedOnB();
    await sql`update live_streams set nome = 'Ensaio geral', status = 'live' where id = ${id}`.execute(a.db);
    expect((await list(b)).items.find((s) => s.id === id)?.nome).toBe('Ensaio geral');
    expect((await list(b, producer, '&status=live')).items.map((s) => s.id)).toEqual([id]);
  });
});

it('what the caller may see of a kept page is decided per request, and a rotated key shows at once', async () => {
  const id = await create('Chaves');
  const withKeys = (await listedOnB()).items.find((s) => s.id === id)!;
  expect(withKeys.streamKey).toMatch(/^[\w-]{43}$/);
  const withoutKeys = (await list(b, viewer)).items.find((s) => s.id === id)!;
  expect(withoutKeys.streamKey).toBeNull();
  expect(withoutKeys.signals.every((s) => s.key === null)).toBe(true);
  expect((await list(b)).items.find((s) => s.id === id)?.streamKey).toBe(withKeys.streamKey);
  // A key rotated through A: B's next list shows the new one, never the old.
  const rotated = await a.inject({
    method: 'POST',
    url: `/v1/live-streams/${id}/keys/regenerate?accountId=${team.accountId}`,
    headers: bearer(producer),
    payload: {},
  });
  expect(rotated.statusCode, rotated.body).toBe(200);
  const newKey = rotated.json<{ streamKey: string }>().streamKey;
  expect(newKey).not.toBe(withKeys.streamKey);
  expect((await list(b)).items.find((s) => s.id === id)?.streamKey).toBe(newKey);
});

describe.skipIf(!onPostgres)('while the listening connection is down (PostgreSQL)', () => {
  it('each instance listens for both caches on one connection', async () => {
    const admin = new pg.Client({ connectionString: server.store.databaseUrl });
    await admin.connect();
    try {
      const listening = await admin.query<{ application_name: string; n: number }>(
        "select application_name, count(*)::int as n from pg_stat_activity where datname = current_database() and application_name like 'palco-%cache%' group by 1",
      );
      // A and B: one connection each, LISTENing on palco_auth and palco_lives.
      expect(listening.rows).toEqual([{ application_name: 'palco-caches', n: 2 }]);
    } finally {
      await admin.end();
    }
  });

  it('every list reads the database, so a change then is not missed', { timeout: 60_000 }, async () => {
    const id = await create('Sem aviso');
    await listedOnB();
    const admin = new pg.Client({ connectionString: server.store.databaseUrl });
    await admin.connect();
    try {
      // B's and A's listening connections are cut (as by a PostgreSQL restart or a network fault)...
      const cut = await admin.query(
        "select pg_terminate_backend(pid, 5000) from pg_stat_activity where application_name = 'palco-caches' and datname = current_database()",
      );
      expect(cut.rows.length).toBeGreaterThan(0);
      await waitFor(() => !b.liveListCache.enabled);
      // ...and the stream is renamed meanwhile: nobody hears of it.
      await admin.query("update live_streams set nome = 'Renomeada sem aviso' where id = $1", [id]);
      expect((await list(b)).items.find((s) => s.id === id)?.nome).toBe('Renomeada sem aviso');
      // Listening again, B starts from an empty cache: the new name still.
      await waitFor(() => b.liveListCache.enabled);
      expect((await list(b)).items.find((s) => s.id === id)?.nome).toBe('Renomeada sem aviso');
    } finally {
      await admin.end();
    }
  });
});
