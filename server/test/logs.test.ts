import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Insertable, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SEARCH_VALUES, recordActivity } from '../src/db/repositories/activity-log.ts';
import { DEMO_ACCOUNTS, DEMO_CLIENTS, DEMO_PASSWORD, DEMO_USERS } from '../src/db/seed.ts';
import type { ActivityLogRow, ActivityLogsTable } from '../src/db/tables/activity-logs.ts';
import type { LogRecordItem } from '../src/lib/activity.ts';
import { toRecord } from '../src/lib/activity.ts';
import { EVENT_TYPES } from '../src/lib/event-types.ts';
import { needsAnalyze } from '../src/routes/logs/statistics.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const UA = 'Mozilla/5.0 (X11; Linux x86_64) PalcoTest/1.0';
const { owner, operator, staff } = DEMO_USERS;
const { demoProducoes, eventosAoVivo, palcoInterno } = DEMO_ACCOUNTS;

/** The id of the newest entry: entries written after it are the ones an action wrote. */
async function mark(): Promise<string> {
  const row = await server.app.db
    .selectFrom('activity_logs')
    .select(sql<string>`coalesce(max(id), 0)::text`.as('id'))
    .executeTakeFirstOrThrow();
  return row.id;
}

async function entriesSince(since: string): Promise<ActivityLogRow[]> {
  await server.app.backgroundIdle();
  return server.app.db
    .selectFrom('activity_logs')
    .selectAll()
    .where('id', '>', since)
    .orderBy('id')
    .execute();
}

const login = (payload: object, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload,
    headers: { 'user-agent': UA, ...headers },
  });

interface Entry {
  id: string;
  event: string;
  identifier: string;
  record: unknown[];
  created_at: string;
  user: { name: string | null; email: string | null; avatar: string | null } | null;
  ip: string | null;
  user_agent: string | null;
}
interface LogsBody {
  items: Entry[];
  pagination: { page: number; limit: number; total: number; pagesTotal: number; totalExact: boolean };
}

const logs = (
  token: string,
  query: Record<string, string | number> = {},
  headers: Record<string, string> = {},
) =>
  server.app.inject({
    method: 'GET',
    url: '/v1/logs',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: { ...bearer(token), ...headers },
  });

async function logsOk(token: string, query: Record<string, string | number> = {}): Promise<LogsBody> {
  const res = await logs(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LogsBody>();
}

/** The link of the newest recovery mail to an address (the mail folder is where it goes without SMTP). */
async function recoveryLink(to: string): Promise<{ token: string; hash: string }> {
  await server.app.backgroundIdle();
  const dir = join(server.config.dataDir, 'mail');
  const files = (await readdir(dir)).filter((f) => f.endsWith(`-${to}.eml`)).sort();
  const raw = await readFile(join(dir, files.at(-1)!), 'utf8');
  // Quoted-printable: soft line breaks and =3D.
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const url = new URL(text.match(/https?:\/\/\S+\/auth\/recover-password\/new\?\S+/)![0]);
  return { token: url.searchParams.get('token')!, hash: url.searchParams.get('hash')! };
}

describe('every logged action writes exactly one entry', () => {
  it('a sign-in: LOGIN_REALIZADO by the user, in their default team, with ip and user agent', async () => {
    const since = await mark();
    expect((await login({ login: 'Owner@Palco.test', password: DEMO_PASSWORD })).statusCode).toBe(200);
    const [entry, ...rest] = await entriesSince(since);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      event: 'LOGIN_REALIZADO',
      identifier: owner.login,
      account_id: demoProducoes.id,
      client_id: DEMO_CLIENTS.demo.id,
      actor_id: owner.id,
      actor_name: owner.name,
      actor_email: owner.login,
      ip: '127.0.0.1',
      user_agent: UA,
      record: [],
    });
  });

  it('a refused sign-in of a known login: LOGIN_RECUSADO in their team, nobody responsible', async () => {
    const since = await mark();
    expect((await login({ login: operator.login, password: 'wrong-password' })).statusCode).toBe(401);
    const [entry, ...rest] = await entriesSince(since);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      event: 'LOGIN_RECUSADO',
      identifier: operator.login,
      account_id: demoProducoes.id,
      actor_id: null,
      actor_name: null,
      actor_email: null,
      ip: '127.0.0.1',
      user_agent: UA,
    });
    await loginAs(server.app, operator.login); // clears the attempt
  });

  it('a refused sign-in of an unknown login: no account, the login as typed (lowercase)', async () => {
    const since = await mark();
    expect((await login({ login: 'Ghost@Palco.Test', password: 'whatever' })).statusCode).toBe(401);
    const [entry, ...rest] = await entriesSince(since);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      event: 'LOGIN_RECUSADO',
      identifier: 'ghost@palco.test',
      account_id: null,
      client_id: null,
      actor_id: null,
      user_agent: UA,
    });
  });

  it('writes nothing for a sign-in that fails validation or is rate-limited', async () => {
    const since = await mark();
    expect((await login({ login: 'not-an-email', password: 'x' })).statusCode).toBe(400);
    expect((await login({ login: owner.login })).statusCode).toBe(400);
    expect(await entriesSince(since)).toEqual([]);

    for (let i = 0; i < 10; i++) await login({ login: 'locked@palco.test', password: `guess-${i}` });
    const locked = await mark();
    expect((await login({ login: 'locked@palco.test', password: 'guess' })).statusCode).toBe(429);
    expect(await entriesSince(locked)).toEqual([]);
  });

  it('a sign-out: SESSAO_ENCERRADA in the working team', async () => {
    const token = await loginAs(server.app, owner.login);
    const since = await mark();
    const res = await server.app.inject({
      method: 'POST',
      url: `/bff/logout?accountId=${eventosAoVivo.id}`,
      headers: { ...bearer(token), 'user-agent': UA },
    });
    expect(res.statusCode).toBe(204);
    const [entry, ...rest] = await entriesSince(since);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      event: 'SESSAO_ENCERRADA',
      identifier: owner.login,
      account_id: eventosAoVivo.id,
      actor_id: owner.id,
      actor_email: owner.login,
      user_agent: UA,
    });
  });

  it('a team selection: TIME_SELECIONADO in the chosen team; nothing for a refused one', async () => {
    const token = await loginAs(server.app, owner.login);
    const select = (accountId: unknown) =>
      server.app.inject({
        method: 'PUT',
        url: '/bff/me/selected-team',
        headers: { ...bearer(token), 'user-agent': UA },
        payload: { accountId } as object,
      });
    const since = await mark();
    expect((await select(eventosAoVivo.id)).statusCode).toBe(200);
    const [entry, ...rest] = await entriesSince(since);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      event: 'TIME_SELECIONADO',
      identifier: eventosAoVivo.name,
      account_id: eventosAoVivo.id,
      client_id: DEMO_CLIENTS.demo.id,
      actor_id: owner.id,
      actor_name: owner.name,
      ip: '127.0.0.1',
      user_agent: UA,
    });
    expect(entry!.record).toEqual([
      { Key: 'conta_id', Value: eventosAoVivo.id },
      { Key: 'conta_nome', Value: eventosAoVivo.name },
      { Key: 'cliente', Value: 'Demo Produções' },
    ]);

    const refused = await mark();
    expect((await select(palcoInterno.id)).statusCode).toBe(404);
    expect((await select('nope')).statusCode).toBe(400);
    expect(await entriesSince(refused)).toEqual([]);
  });

  it('a recovery request: one entry for a known address (written in the background), none otherwise, same answer', async () => {
    const send = (email: string) =>
      server.app.inject({
        method: 'POST',
        url: '/bff/forget-password/send-email',
        payload: { email },
        headers: { 'user-agent': UA },
      });
    const since = await mark();
    const known = await send(operator.login);
    const unknown = await send('nobody@palco.test');
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect((await send('not-an-address')).statusCode).toBe(400);
    const [entry, ...rest] = await entriesSince(since);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      event: 'SENHA_RECUPERACAO_SOLICITADA',
      identifier: operator.login,
      account_id: demoProducoes.id,
      actor_id: null,
      user_agent: UA,
      record: [],
    });
  });

  it('a password update through the link: SENHA_ATUALIZADA by the user; nothing for a bad link', async () => {
    await server.app.inject({
      method: 'POST',
      url: '/bff/forget-password/send-email',
      payload: { email: operator.login },
    });
    const { token, hash } = await recoveryLink(operator.login);
    const update = (payload: object) =>
      server.app.inject({
        method: 'POST',
        url: '/bff/forget-password/update-password',
        payload,
        headers: { 'user-agent': UA },
      });
    const since = await mark();
    expect(
      (await update({ email: operator.login, token, hash: `${hash}x`, newPassword: 'abcd' })).statusCode,
    ).toBe(400);
    expect((await update({ email: operator.login, token, hash, newPassword: 'abc' })).statusCode).toBe(400);
    expect(await entriesSince(since)).toEqual([]);

    expect(
      (await update({ email: operator.login, token, hash, newPassword: 'segredo-novo' })).statusCode,
    ).toBe(200);
    const [entry, ...rest] = await entriesSince(since);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      event: 'SENHA_ATUALIZADA',
      identifier: operator.login,
      account_id: demoProducoes.id,
      actor_id: operator.id,
      actor_email: operator.login,
      user_agent: UA,
      record: [],
    });

    // No password, token, recovery secret or hash anywhere in the log.
    const jwt = await loginAs(server.app, owner.login);
    const everything = JSON.stringify(await server.app.db.selectFrom('activity_logs').selectAll().execute());
    const hashes = await server.app.db.selectFrom('users').select('password_hash').execute();
    const resets = await server.app.db.selectFrom('password_resets').select('secret_hash').execute();
    for (const secret of [
      DEMO_PASSWORD,
      jwt,
      'segredo-novo',
      'wrong-password',
      hash,
      token,
      ...hashes.map((h) => h.password_hash),
      ...resets.map((r) => r.secret_hash),
    ]) {
      expect(everything).not.toContain(secret);
    }
    const raw = await server.app.db
      .selectFrom('activity_logs')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(sql<boolean>`record::text ~* ${`${DEMO_PASSWORD}|segredo-novo`}`)
      .executeTakeFirstOrThrow();
    expect(raw.n).toBe(0);
    // Put the demo password back for the later tests.
    await server.app.inject({
      method: 'POST',
      url: '/bff/forget-password/send-email',
      payload: { email: operator.login },
    });
    const again = await recoveryLink(operator.login);
    await update({ email: operator.login, ...again, newPassword: DEMO_PASSWORD });
  });
});

describe('an entry and its change are one transaction', () => {
  const token = () => loginAs(server.app, owner.login);
  const selectedTeam = async (t: string) =>
    (await server.app.inject({ method: 'GET', url: '/bff/me', headers: bearer(t) })).json<{
      user: { selectedTeamId: string | null };
    }>().user.selectedTeamId;
  const select = (t: string, accountId: string) =>
    server.app.inject({
      method: 'PUT',
      url: '/bff/me/selected-team',
      headers: bearer(t),
      payload: { accountId },
    });

  it('keeps no change when the entry cannot be written', async () => {
    const t = await token();
    await sql`CREATE FUNCTION test_refuse_log() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'log refused'; END $$`.execute(server.app.db);
    await sql`CREATE TRIGGER test_refuse_log BEFORE INSERT ON activity_logs
      FOR EACH ROW WHEN (NEW.event IN ('TIME_SELECIONADO', 'SESSAO_ENCERRADA'))
      EXECUTE FUNCTION test_refuse_log()`.execute(server.app.db);
    try {
      expect((await select(t, eventosAoVivo.id)).statusCode).toBe(500);
      expect(await selectedTeam(t)).toBeNull();
      const logout = await server.app.inject({ method: 'POST', url: '/bff/logout', headers: bearer(t) });
      expect(logout.statusCode).toBe(500);
      // The token was not revoked: the revocation went with the entry.
      expect(
        (await server.app.inject({ method: 'GET', url: '/bff/me', headers: bearer(t) })).statusCode,
      ).toBe(200);
    } finally {
      await sql`DROP TRIGGER test_refuse_log ON activity_logs`.execute(server.app.db);
      await sql`DROP FUNCTION test_refuse_log()`.execute(server.app.db);
    }
  });

  it('keeps no entry when the change fails after the entry was written', async () => {
    const t = await token();
    // Fails at commit, after the route has written both the session change and the entry.
    await sql`CREATE FUNCTION test_refuse_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'commit refused'; END $$`.execute(server.app.db);
    await sql`CREATE CONSTRAINT TRIGGER test_refuse_commit AFTER UPDATE ON sessions
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_refuse_commit()`.execute(
      server.app.db,
    );
    const since = await mark();
    try {
      expect((await select(t, eventosAoVivo.id)).statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER test_refuse_commit ON sessions`.execute(server.app.db);
      await sql`DROP FUNCTION test_refuse_commit()`.execute(server.app.db);
    }
    expect(await entriesSince(since)).toEqual([]);
    expect(await selectedTeam(t)).toBeNull();
  });
});

// Entries with known times, actors and identifiers, in 2025 (far from the entries the actions above
// write "now"), for the reading tests.
const SEEDED_DAYS = 60;
const ana = { id: null, name: 'Ana Souza', email: 'ana@cliente.test', avatar: 'https://img.test/ana.png' };
const bruno = { id: null, name: 'Bruno Lima', email: 'bruno_l@cliente.test', avatar: null };
const at = (day: number, hour = 12) => new Date(Date.UTC(2025, 2, 1 + day, hour));

async function seedEntries(): Promise<void> {
  const rows: Insertable<ActivityLogsTable>[] = [];
  const json = (record: LogRecordItem[]) => JSON.stringify(record) as unknown as LogRecordItem[];
  for (let day = 0; day < SEEDED_DAYS; day++) {
    // Eventos Ao Vivo: Ana on even days, Bruno on odd ones, nobody every 5th day.
    const actor = day % 5 === 4 ? null : day % 2 === 0 ? ana : bruno;
    rows.push({
      account_id: eventosAoVivo.id,
      client_id: DEMO_CLIENTS.demo.id,
      event: 'TRANSMISSAO_CRIADA',
      identifier: `Stream-${String(day).padStart(3, '0')}`,
      record: json(toRecord({ nome: `Aula ${day}` })),
      created_at: at(day),
      actor_id: null,
      actor_name: actor?.name ?? null,
      actor_email: actor?.email ?? null,
      actor_avatar: actor?.avatar ?? null,
      ip: '10.0.0.1',
      user_agent: UA,
    });
    // Demo Produções and Palco Interno get one each day too.
    for (const account of [demoProducoes, palcoInterno]) {
      rows.push({
        account_id: account.id,
        client_id: account.clientId,
        event: 'VIDEO_CRIADO',
        identifier: `${account.name} video ${day}`,
        record: json([]),
        created_at: at(day, 9),
        actor_id: null,
        actor_name: 'Someone Else',
        actor_email: 'else@cliente.test',
        actor_avatar: null,
        ip: null,
        user_agent: null,
      });
    }
  }
  await server.app.db.insertInto('activity_logs').values(rows).execute();
}

const IN_2025 = { start: '2025-01-01', end: '2025-12-31' };

describe('GET /v1/logs', () => {
  let ownerToken: string;
  let operatorToken: string;
  let staffToken: string;
  beforeAll(async () => {
    await seedEntries();
    ownerToken = await loginAs(server.app, owner.login);
    operatorToken = await loginAs(server.app, operator.login);
    staffToken = await loginAs(server.app, staff.login);
  });

  it('answers the contract: entries and pagination, no other field', async () => {
    const body = await logsOk(ownerToken, { accountId: eventosAoVivo.id, ...IN_2025, limit: 10 });
    expect(Object.keys(body).sort()).toEqual(['items', 'pagination']);
    expect(body.items).toHaveLength(10);
    const [first] = body.items;
    expect(Object.keys(first!).sort()).toEqual(
      ['created_at', 'event', 'id', 'identifier', 'ip', 'record', 'user', 'user_agent'].sort(),
    );
    expect(first).toMatchObject({
      event: 'TRANSMISSAO_CRIADA',
      identifier: 'Stream-059',
      created_at: at(59).toISOString(),
      ip: '10.0.0.1',
      user_agent: UA,
      record: [{ Key: 'nome', Value: 'Aula 59' }],
      // Day 59 % 5 === 4: nobody responsible.
      user: null,
    });
    expect(typeof first!.id).toBe('string');
    expect(body.items[1]).toMatchObject({
      identifier: 'Stream-058',
      user: { name: ana.name, email: ana.email, avatar: ana.avatar },
    });
    expect(body.items[2]).toMatchObject({
      identifier: 'Stream-057',
      user: { name: bruno.name, email: bruno.email, avatar: null },
    });
    expect(body.pagination).toEqual({
      page: 1,
      limit: 10,
      total: SEEDED_DAYS,
      pagesTotal: 6,
      totalExact: true,
    });
  });

  it('serialises nested records and masks secrets', async () => {
    await recordActivity(server.app.db, {
      accountId: eventosAoVivo.id,
      event: 'TRANSMISSAO_ATUALIZADA',
      identifier: 'nested-record',
      record: toRecord({
        nome: 'Aula',
        streamKey: 'live_secret_123',
        security: { referrerWhitelist: ['a.com', 'b.com'], secretKey: 'shh' },
        signals: [{ nome: 'Sinal 1', key: 'sig_secret' }],
      }),
      actor: null,
      ip: null,
      userAgent: null,
    });
    const body = await logsOk(ownerToken, { accountId: eventosAoVivo.id, identifier: 'nested' });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]!.record).toEqual([
      { Key: 'nome', Value: 'Aula' },
      { Key: 'streamKey', Value: '***' },
      {
        Key: 'security',
        Value: [
          { Key: 'referrerWhitelist', Value: ['a.com', 'b.com'] },
          { Key: 'secretKey', Value: '***' },
        ],
      },
      {
        Key: 'signals',
        Value: [
          {
            Key: '1',
            Value: [
              { Key: 'nome', Value: 'Sinal 1' },
              { Key: 'key', Value: '***' },
            ],
          },
        ],
      },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/live_secret_123|shh|sig_secret/);
  });

  describe('scoping', () => {
    const identifiersOf = (body: LogsBody) => body.items.map((e) => e.identifier);

    it('an operator sees only his team, with or without accountId', async () => {
      const named = await logsOk(operatorToken, { accountId: demoProducoes.id, ...IN_2025, limit: 50 });
      const working = await logsOk(operatorToken, { ...IN_2025, limit: 50 });
      expect(identifiersOf(working)).toEqual(identifiersOf(named));
      expect(named.pagination.total).toBe(SEEDED_DAYS);
      expect(identifiersOf(named).every((id) => id.startsWith('Demo Produções video'))).toBe(true);
      expectError(await logs(operatorToken, { accountId: eventosAoVivo.id }), 404);
      expectError(await logs(operatorToken, { accountId: palcoInterno.id }), 404);
    });

    it("an owner cannot read another team's log, and may not filter by client", async () => {
      expect(expectError(await logs(ownerToken, { accountId: palcoInterno.id }), 404)).toBe(
        'Conta não encontrada',
      );
      const res = await logs(ownerToken, { clientId: DEMO_CLIENTS.demo.id });
      expect(expectError(res, 403)).toBe('Apenas a equipe interna pode filtrar por cliente');
      expect(res.json().field).toBe('clientId');
    });

    it('without accountId, a non-staff user gets the selected team', async () => {
      const token = await loginAs(server.app, owner.login);
      await server.app.inject({
        method: 'PUT',
        url: '/bff/me/selected-team',
        headers: bearer(token),
        payload: { accountId: eventosAoVivo.id },
      });
      const body = await logsOk(token, { ...IN_2025 });
      expect(body.items[0]!.identifier).toBe('Stream-059');
      // …and with no team selected, the default team.
      const fresh = await logsOk(ownerToken, { ...IN_2025 });
      expect(fresh.items[0]!.identifier).toBe('Demo Produções video 59');
    });

    it('staff see every account, and narrow by client and account', async () => {
      const all = await logsOk(staffToken, { ...IN_2025, limit: 50 });
      expect(all.pagination.total).toBe(SEEDED_DAYS * 3);
      const everything = await logsOk(staffToken, { limit: 50 });
      // Entries outside any team (a refused unknown login) are visible to staff only.
      const refused = await logsOk(staffToken, { identifier: 'ghost@' });
      expect(refused.items.map((e) => e.event)).toEqual(['LOGIN_RECUSADO']);
      expect(everything.pagination.total).toBeGreaterThan(SEEDED_DAYS * 3);

      const client = await logsOk(staffToken, { ...IN_2025, clientId: DEMO_CLIENTS.demo.id, limit: 50 });
      expect(client.pagination.total).toBe(SEEDED_DAYS * 2);
      expect(identifiersOf(client).some((id) => id.startsWith('Palco Interno'))).toBe(false);

      const account = await logsOk(staffToken, { ...IN_2025, accountId: eventosAoVivo.id, limit: 50 });
      expect(account.pagination.total).toBe(SEEDED_DAYS);
      expect(identifiersOf(account).every((id) => id.startsWith('Stream-'))).toBe(true);

      const mismatch = await logsOk(staffToken, {
        clientId: DEMO_CLIENTS.palco.id,
        accountId: eventosAoVivo.id,
      });
      expect(mismatch.items).toEqual([]);
      expect(mismatch.pagination).toMatchObject({ total: 0, pagesTotal: 0, totalExact: true });

      expect(
        expectError(await logs(staffToken, { clientId: 'c0000000-0000-4000-8000-00000000ffff' }), 404),
      ).toBe('Cliente não encontrado');
    });
  });

  describe('filters', () => {
    const q = (extra: Record<string, string | number>) =>
      logsOk(ownerToken, { accountId: eventosAoVivo.id, ...IN_2025, limit: 50, ...extra });

    it('user: the start of the e-mail or of the name, any letter case', async () => {
      const anaDays = Array.from({ length: SEEDED_DAYS }, (_, d) => d).filter(
        (d) => d % 5 !== 4 && d % 2 === 0,
      );
      for (const text of ['ana', 'ANA@CLIENTE', 'Ana S', ' ana ']) {
        const body = await q({ user: text });
        expect(body.items.map((e) => e.user?.email)).toEqual(anaDays.map(() => ana.email));
        expect(body.pagination.total).toBe(anaDays.length);
      }
      expect((await q({ user: 'souza' })).items).toEqual([]); // from the start only
      expect((await q({ user: 'cliente' })).items).toEqual([]);
      // % and _ are literal characters.
      expect((await q({ user: '%' })).items).toEqual([]);
      expect((await q({ user: 'bruno_' })).pagination.total).toBeGreaterThan(0);
      expect((await q({ user: 'brunox' })).items).toEqual([]);
      expect((await q({ user: 'b_uno' })).items).toEqual([]);
    });

    it('identifier: its start, any letter case', async () => {
      const body = await q({ identifier: 'stream-00' });
      expect(body.items.map((e) => e.identifier)).toEqual(
        ['009', '008', '007', '006', '005', '004', '003', '002', '001', '000'].map((n) => `Stream-${n}`),
      );
      expect((await q({ identifier: 'tream' })).items).toEqual([]);
      // An empty search is no search.
      expect((await q({ identifier: '' })).pagination.total).toBe(SEEDED_DAYS);
    });

    it('gives the same answers when a search matches more distinct values than are resolved', async () => {
      // 60 distinct identifiers in 2024: more than MAX_SEARCH_VALUES, so "bulk-" stays a LIKE, while
      // "bulk-00" resolves to 10 values.
      expect(MAX_SEARCH_VALUES).toBeLessThan(60);
      await server.app.db
        .insertInto('activity_logs')
        .values(
          Array.from({ length: 60 }, (_, i) => ({
            account_id: eventosAoVivo.id,
            client_id: DEMO_CLIENTS.demo.id,
            event: 'VIDEO_CRIADO',
            identifier: `Bulk-${String(i).padStart(3, '0')}`,
            record: JSON.stringify([]) as unknown as LogRecordItem[],
            created_at: new Date(Date.UTC(2024, 5, 1, 0, i)),
            actor_name: i % 2 ? 'Carla Dias' : null,
            actor_email: i % 2 ? `carla${i}@cliente.test` : null,
          })),
        )
        .execute();
      const in2024 = { start: '2024-01-01', end: '2024-12-31' };
      const like = await q({ ...in2024, identifier: 'bulk-' });
      expect(like.pagination).toMatchObject({ total: 60, pagesTotal: 2, totalExact: true });
      expect(like.items[0]!.identifier).toBe('Bulk-059');
      const resolved = await q({ ...in2024, identifier: 'BULK-00' });
      expect(resolved.items.map((e) => e.identifier)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Bulk-00${9 - i}`),
      );
      // 30 distinct e-mails (resolved) and one name: the same 30 entries, counted once.
      const people = await q({ ...in2024, user: 'carla' });
      expect(people.pagination).toMatchObject({ total: 30, totalExact: true });
      const byName = await q({ ...in2024, user: 'Carla D' });
      expect(byName.items.map((e) => e.id)).toEqual(people.items.map((e) => e.id));
      const small = await logsOk(ownerToken, {
        accountId: eventosAoVivo.id,
        ...in2024,
        user: 'carla',
        limit: 10,
        page: 2,
      });
      expect(small.pagination).toMatchObject({ total: 30, pagesTotal: 3, totalExact: true });
      const tiny = await logsOk(ownerToken, {
        accountId: eventosAoVivo.id,
        ...in2024,
        identifier: 'bulk-',
        limit: 10,
      });
      expect(tiny.pagination).toMatchObject({ total: 60, pagesTotal: 6, totalExact: true });
    });

    it('date range: days (UTC, end day included) and instants with an offset', async () => {
      const days = await q({ start: '2025-03-10', end: '2025-03-12' });
      expect(days.items.map((e) => e.created_at)).toEqual(
        [at(11), at(10), at(9)].map((d) => d.toISOString()),
      );
      const instants = await q({ start: '2025-03-10T09:00:00-03:00', end: '2025-03-11T12:00:00.000Z' });
      expect(instants.items.map((e) => e.created_at)).toEqual([at(10), at(9)].map((d) => d.toISOString()));
      const one = await q({ start: at(5).toISOString(), end: at(5).toISOString() });
      expect(one.items.map((e) => e.identifier)).toEqual(['Stream-005']);
    });

    it('order: newest first by default, oldest first with asc', async () => {
      // 30 entries: one page of 50 holds them all.
      const march = { start: '2025-03-01', end: '2025-03-30' };
      const desc = await q(march);
      const asc = await q({ ...march, order: 'asc' });
      expect(desc.items).toHaveLength(30);
      const times = (b: LogsBody) => b.items.map((e) => Date.parse(e.created_at));
      expect(times(desc)).toEqual([...times(desc)].sort((a, b) => b - a));
      expect(times(asc)).toEqual([...times(asc)].sort((a, b) => a - b));
      expect(asc.items.map((e) => e.id)).toEqual([...desc.items.map((e) => e.id)].reverse());
      expect((await q({ ...march, order: 'desc' })).items).toEqual(desc.items);
    });
  });

  describe('paging', () => {
    it('pages do not overlap and cover everything, for every page size', async () => {
      for (const limit of [10, 25, 30, 50]) {
        const seen: string[] = [];
        const pages = Math.ceil(SEEDED_DAYS / limit);
        for (let page = 1; page <= pages + 1; page++) {
          const body = await logsOk(ownerToken, { accountId: eventosAoVivo.id, ...IN_2025, limit, page });
          expect(body.pagination).toMatchObject({ page, limit, total: SEEDED_DAYS, pagesTotal: pages });
          expect(body.items.length).toBe(
            page <= pages ? Math.min(limit, SEEDED_DAYS - (page - 1) * limit) : 0,
          );
          seen.push(...body.items.map((e) => e.id));
        }
        expect(new Set(seen).size).toBe(SEEDED_DAYS);
      }
    });

    it('counts exactly up to 10 pages past the current one, then gives a lower bound', async () => {
      // 180 entries across the three accounts in 2025.
      const page1 = await logsOk(staffToken, { ...IN_2025, limit: 10 });
      expect(page1.pagination).toEqual({ page: 1, limit: 10, total: 101, pagesTotal: 11, totalExact: false });
      const page5 = await logsOk(staffToken, { ...IN_2025, limit: 10, page: 5 });
      expect(page5.pagination).toMatchObject({ total: 141, pagesTotal: 15, totalExact: false });
      const page8 = await logsOk(staffToken, { ...IN_2025, limit: 10, page: 8 });
      expect(page8.pagination).toMatchObject({ total: 171, pagesTotal: 18, totalExact: false });
      const page9 = await logsOk(staffToken, { ...IN_2025, limit: 10, page: 9 });
      expect(page9.pagination).toMatchObject({ total: 180, pagesTotal: 18, totalExact: true });
      const wide = await logsOk(staffToken, { ...IN_2025, limit: 25 });
      expect(wide.pagination).toMatchObject({ total: 180, pagesTotal: 8, totalExact: true });
    });
  });

  describe('bad parameters → 400 with a message in the language of the request', () => {
    it.each([
      [
        'both user and identifier',
        { user: 'a', identifier: 'b' },
        'identifier',
        'Busque por responsável (user) ou por identificador (identifier), não pelos dois',
      ],
      ['limit 7', { limit: 7 }, 'limit', 'O limite deve ser 10, 25, 30 ou 50'],
      ['limit 100', { limit: 100 }, 'limit', 'O limite deve ser 10, 25, 30 ou 50'],
      ['limit abc', { limit: 'abc' }, 'limit', 'O limite deve ser 10, 25, 30 ou 50'],
      ['page 0', { page: 0 }, 'page', 'O valor minimo é 1'],
      ['page -1', { page: -1 }, 'page', 'O valor minimo é 1'],
      ['page abc', { page: 'abc' }, 'page', 'Apenas números inteiros'],
      ['page 10001', { page: 10_001 }, 'page', 'O valor maximo é 10000'],
      [
        'a page past 100000 entries',
        { page: 2001, limit: 50 },
        'page',
        'Só é possível paginar pelos primeiros 100000 registros: refine o período ou a busca',
      ],
      [
        'start after end',
        { start: '2025-03-02', end: '2025-03-01' },
        'start',
        'A data inicial deve ser anterior à data final',
      ],
      [
        'start after end (instants)',
        { start: '2025-03-01T10:00:00Z', end: '2025-03-01T09:59:59Z' },
        'start',
        'A data inicial deve ser anterior à data final',
      ],
      [
        'a day that does not exist',
        { start: '2025-02-30' },
        'start',
        'Data inválida: use AAAA-MM-DD ou AAAA-MM-DDTHH:mm:ssZ',
      ],
      ['month 13', { end: '2025-13-01' }, 'end', 'Data inválida: use AAAA-MM-DD ou AAAA-MM-DDTHH:mm:ssZ'],
      ['a word', { start: 'yesterday' }, 'start', 'Data inválida: use AAAA-MM-DD ou AAAA-MM-DDTHH:mm:ssZ'],
      [
        'a time without a zone',
        { start: '2025-03-01T10:00:00' },
        'start',
        'Data inválida: use AAAA-MM-DD ou AAAA-MM-DDTHH:mm:ssZ',
      ],
      [
        'hour 24',
        { end: '2025-03-01T24:00:00Z' },
        'end',
        'Data inválida: use AAAA-MM-DD ou AAAA-MM-DDTHH:mm:ssZ',
      ],
      [
        'a timestamp number',
        { start: '1700000000' },
        'start',
        'Data inválida: use AAAA-MM-DD ou AAAA-MM-DDTHH:mm:ssZ',
      ],
      [
        'an over-long date',
        { end: `2025-03-01T00:00:00.${'0'.repeat(80)}Z` },
        'end',
        'Data inválida: use AAAA-MM-DD ou AAAA-MM-DDTHH:mm:ssZ',
      ],
      ['an over-long user search', { user: 'a'.repeat(101) }, 'user', 'O tamanho máximo é 100'],
      [
        'an over-long identifier search',
        { identifier: 'a'.repeat(101) },
        'identifier',
        'O tamanho máximo é 100',
      ],
      ['order up', { order: 'up' }, 'order', 'A ordem deve ser asc ou desc'],
      ['a malformed clientId', { clientId: 'nope' }, 'clientId', 'Formato inválido'],
      ['a malformed accountId', { accountId: 'nope' }, 'accountId', 'Formato inválido'],
    ])('%s', async (_label, query, field, message) => {
      const res = await logs(staffToken, query as Record<string, string | number>);
      expect(expectError(res, 400)).toBe(message);
      expect(res.json().field).toBe(field);
    });

    it('answers in English when asked', async () => {
      const en = { 'accept-language': 'en-US,en;q=0.8' };
      expect(expectError(await logs(staffToken, { limit: 7 }, en), 400)).toBe(
        'The limit must be 10, 25, 30 or 50',
      );
      expect(expectError(await logs(staffToken, { start: 'x' }, en), 400)).toBe(
        'Invalid date: use YYYY-MM-DD or YYYY-MM-DDTHH:mm:ssZ',
      );
      expect(expectError(await logs(staffToken, { user: 'a', identifier: 'b' }, en), 400)).toBe(
        'Search by responsible (user) or by identifier, not both',
      );
      expect(expectError(await logs(staffToken, { start: '2025-03-02', end: '2025-03-01' }, en), 400)).toBe(
        'The start date must come before the end date',
      );
    });

    it('repeated parameters are refused', async () => {
      const res = await server.app.inject({
        method: 'GET',
        url: '/v1/logs?limit=10&limit=25',
        headers: bearer(staffToken),
      });
      expectError(res, 400);
    });

    it('needs a signed-in caller', async () => {
      expectError(await server.app.inject({ method: 'GET', url: '/v1/logs' }), 401);
      expectError(await server.app.inject({ method: 'GET', url: '/v1/logs/list-event-types' }), 401);
    });
  });

  it('offers no way to change or delete entries', async () => {
    const before = await mark();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/v1/logs', `/v1/logs/${before}`, '/v1/logs/list-event-types']) {
        const res = await server.app.inject({
          method,
          url,
          headers: { ...bearer(staffToken), 'content-type': 'application/json' },
          payload: '{}',
        });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    expect(await mark()).toBe(before);
  });
});

describe('GET /v1/logs/list-event-types', () => {
  it('labels every event code in pt-BR by default and in English when asked', async () => {
    const token = await loginAs(server.app, operator.login);
    const get = (headers: Record<string, string> = {}) =>
      server.app.inject({
        method: 'GET',
        url: '/v1/logs/list-event-types',
        headers: { ...bearer(token), ...headers },
      });
    const pt = (await get()).json<Record<string, string>>();
    const en = (await get({ 'accept-language': 'en' })).json<Record<string, string>>();
    expect(Object.keys(pt).sort()).toEqual(Object.keys(EVENT_TYPES).sort());
    expect(Object.keys(en).sort()).toEqual(Object.keys(EVENT_TYPES).sort());
    expect(pt.TIME_SELECIONADO).toBe('Time selecionado');
    expect(en.TIME_SELECIONADO).toBe('Team selected');
    expect(pt.LOGIN_RECUSADO).toBe('Login recusado');
    expect(en.TRANSMISSAO_CRIADA).toBe('Stream created');
    for (const code of Object.keys(pt)) {
      expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
      expect(pt[code]!.length).toBeGreaterThan(0);
      expect(en[code]!.length).toBeGreaterThan(0);
    }
  });
});

describe('planner statistics on PGlite (no autovacuum there)', () => {
  it('analyzes again after 50 + 10 % new rows, like autovacuum', () => {
    expect(needsAnalyze({ lastId: 0, estimatedRows: 0 }, null)).toBe(true);
    expect(needsAnalyze({ lastId: 50, estimatedRows: 0 }, 0)).toBe(false);
    expect(needsAnalyze({ lastId: 51, estimatedRows: 0 }, 0)).toBe(true);
    expect(needsAnalyze({ lastId: 1_100_050, estimatedRows: 1_000_000 }, 1_000_000)).toBe(false);
    expect(needsAnalyze({ lastId: 1_100_051, estimatedRows: 1_000_000 }, 1_000_000)).toBe(true);
  });

  it.skipIf(!!process.env.DATABASE_URL)('analyzes activity_logs when the server starts', async () => {
    await server.app.backgroundIdle();
    const { rows } = await sql<{ analyzed: boolean }>`
      SELECT last_analyze IS NOT NULL AS analyzed FROM pg_stat_user_tables WHERE relname = 'activity_logs'`.execute(
      server.app.db,
    );
    expect(rows[0]?.analyzed).toBe(true);
  });
});
