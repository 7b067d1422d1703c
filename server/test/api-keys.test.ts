import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let owner: string;
const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const EVENTOS = DEMO_ACCOUNTS.eventosAoVivo.id;
const RATE = 25;

beforeAll(async () => {
  server = await startTestServer({ apiKeyRatePerMinute: RATE });
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
});

interface CreatedKey {
  id: string;
  name: string;
  prefix: string;
  permissions: string[];
  lastUsedAt: string | null;
  expired: boolean;
  secret: string;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function createKey(permissions: string[], name = 'integração', accountId = DEMO): Promise<CreatedKey> {
  const res = await call('POST', `/v1/api-keys?accountId=${accountId}`, owner, {
    name,
    expiresAt: inDays(30),
    permissions,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedKey>();
}

describe('API keys', () => {
  it('act as the creator in their team, within their scope only (403 outside it)', async () => {
    const key = await createKey(['showVOD']);
    expect(key.secret).toMatch(/^palco_live_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    expect(key.prefix).toHaveLength('palco_live_'.length + 8);

    expect((await call('GET', '/v1/videos', key.secret)).statusCode).toBe(200);
    // The owner holds showStreaming in the team, the key does not.
    expect((await call('GET', '/v1/live-streams', owner)).statusCode).toBe(200);
    expectError(await call('GET', '/v1/live-streams', key.secret), 403);
    // Another of the creator's teams is out of the key's reach, as if it did not exist.
    expectError(await call('GET', `/v1/videos?accountId=${EVENTOS}`, key.secret), 404);
    // The person's own routes stay with a session: a key cannot mint a session or sign its creator out.
    const me = await call('GET', '/bff/me', key.secret);
    expect(expectError(me, 403)).toBe('Esta rota não aceita chaves de API; use uma sessão');
    expectError(await call('POST', '/v1/me/sign-out-others', key.secret), 403);
    // Nor does a key manage keys (it could outlive itself).
    expectError(await call('GET', `/v1/api-keys?accountId=${DEMO}`, key.secret), 403);
  });

  it('refuse a scope wider than the creator holds in the team, naming what is missing', async () => {
    // In Eventos Ao Vivo the owner is "administrador": api, but no showFinancial.
    const res = await call('POST', `/v1/api-keys?accountId=${EVENTOS}`, owner, {
      name: 'financeiro',
      expiresAt: inDays(30),
      permissions: ['showVOD', 'showFinancial'],
    });
    expect(expectError(res, 403)).toBe(
      'A chave não pode ter permissões que você não tem nesta equipe: showFinancial',
    );
    const staffGrant = await server.app.inject({
      method: 'POST',
      url: `/v1/api-keys?accountId=${DEMO}`,
      headers: { ...bearer(owner), 'accept-language': 'en' },
      payload: { name: 'dev', expiresAt: inDays(30), permissions: ['palcoDeveloper'] },
    });
    expect(expectError(staffGrant, 403)).toBe(
      'The key cannot hold permissions you do not have in this team: palcoDeveloper',
    );
    const operator = await loginAs(server.app, DEMO_USERS.operator.login);
    expectError(await call('GET', `/v1/api-keys?accountId=${DEMO}`, operator), 403);
    const tooLong = await call('POST', `/v1/api-keys?accountId=${DEMO}`, owner, {
      name: 'longa',
      expiresAt: inDays(400),
      permissions: ['showVOD'],
    });
    expectError(tooLong, 400);
  });

  it("list the scopes a new key may hold: the creator's permissions in the team, described in their language", async () => {
    type Scope = { permission: string; description: string };
    const scopes = async (accountId: string, lang = 'pt-BR', token = owner) => {
      const res = await server.app.inject({
        method: 'GET',
        url: `/v1/api-keys/scopes?accountId=${accountId}`,
        headers: { ...bearer(token), 'accept-language': lang },
      });
      return res;
    };
    const demo = (await scopes(DEMO)).json<Scope[]>();
    const byName = new Map(demo.map((s) => [s.permission, s.description]));
    expect(byName.get('showVOD')).toBe('Menu Video on Demand: a biblioteca de vídeos e quem pode vê-la');
    expect(byName.get('showFinancial')).toBeTruthy();
    for (const s of demo) expect(s.description.length).toBeGreaterThan(s.permission.length);
    const english = (await scopes(DEMO, 'en')).json<Scope[]>();
    expect(english.map((s) => s.permission)).toEqual(demo.map((s) => s.permission));
    expect(english.find((s) => s.permission === 'showVOD')?.description).toBe(
      'Video on Demand menu: the video library and who can see it',
    );
    // Exactly what a key may hold: all of them are accepted at once; the staff permission is not offered.
    expect(byName.has('palcoDeveloper')).toBe(false);
    await createKey(
      demo.map((s) => s.permission),
      'todas',
    );
    // In Eventos Ao Vivo the owner is "administrador": no showFinancial to offer.
    const eventos = (await scopes(EVENTOS)).json<Scope[]>().map((s) => s.permission);
    expect(eventos).toContain('showVOD');
    expect(eventos).not.toContain('showFinancial');
    // Only for those who manage keys, and never with a key.
    const operator = await loginAs(server.app, DEMO_USERS.operator.login);
    expectError(await scopes(DEMO, 'pt-BR', operator), 403);
    const key = await createKey(['showVOD'], 'escopos');
    expectError(await scopes(DEMO, 'pt-BR', key.secret), 403);
  });

  it('answer 401 once revoked, from the very next request', async () => {
    const key = await createKey(['showVOD'], 'revogada');
    expect((await call('GET', '/v1/videos', key.secret)).statusCode).toBe(200);
    expect((await call('DELETE', `/v1/api-keys/${key.id}?accountId=${DEMO}`, owner)).statusCode).toBe(204);
    const res = await call('GET', '/v1/videos', key.secret);
    expect(expectError(res, 401)).toBe('Chave de API inválida ou revogada');
    const listed = await call('GET', `/v1/api-keys?accountId=${DEMO}`, owner);
    expect(listed.json<CreatedKey[]>().map((k) => k.id)).not.toContain(key.id);
    expectError(await call('DELETE', `/v1/api-keys/${key.id}?accountId=${DEMO}`, owner), 404);
  });

  it('answer 401 once expired', async () => {
    const key = await createKey(['showVOD'], 'vencida');
    expect((await call('GET', '/v1/videos', key.secret)).statusCode).toBe(200);
    await sql`update api_keys set expires_at = now() - interval '1 second' where id = ${key.id}`.execute(
      server.app.db,
    );
    expect(expectError(await call('GET', '/v1/videos', key.secret), 401)).toBe('A chave de API expirou');
    const listed = await call('GET', `/v1/api-keys?accountId=${DEMO}`, owner);
    expect(listed.json<CreatedKey[]>().find((k) => k.id === key.id)?.expired).toBe(true);
  });

  it('are rate-limited per key: 429 with Retry-After, other keys and sessions unaffected', async () => {
    const [busy, quiet] = [await createKey(['showVOD'], 'ocupada'), await createKey(['showVOD'], 'calma')];
    for (let i = 0; i < RATE; i++)
      expect((await call('GET', '/v1/videos', busy.secret)).statusCode).toBe(200);
    const limited = await call('GET', '/v1/videos', busy.secret);
    expect(expectError(limited, 429)).toMatch(/^Limite de requisições da chave atingido/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call('GET', '/v1/videos', quiet.secret)).statusCode).toBe(200);
    for (let i = 0; i < RATE + 5; i++) expect((await call('GET', '/v1/videos', owner)).statusCode).toBe(200);
  });

  it("name the key as the responsible in the activity log, and show the key's last use", async () => {
    const key = await createKey(['showRoles'], 'robô de cargos');
    const res = await call('POST', `/v1/roles?accountId=${DEMO}`, key.secret, {
      name: 'criado por chave',
      permissions: ['showRoles'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const logs = await call('GET', `/v1/logs?accountId=${DEMO}&limit=50`, owner);
    const entry = logs
      .json<{ items: Array<{ event: string; identifier: string; user: { name: string; email: string } }> }>()
      .items.find((i) => i.event === 'CARGO_CRIADO' && i.identifier === 'criado por chave');
    expect(entry?.user).toMatchObject({ name: 'API: robô de cargos', email: DEMO_USERS.owner.login });
    const listed = await call('GET', `/v1/api-keys?accountId=${DEMO}`, owner);
    expect(listed.json<CreatedKey[]>().find((k) => k.id === key.id)?.lastUsedAt).not.toBeNull();
  });

  it('never store nor list the secret', async () => {
    const key = await createKey(['showVOD'], 'segredo');
    const listed = await call('GET', `/v1/api-keys?accountId=${DEMO}`, owner);
    expect(listed.body).not.toContain(key.secret);
    expect(listed.json<CreatedKey[]>().find((k) => k.id === key.id)).not.toHaveProperty('secret');
    // Nothing in the database holds it or its random part (the key's row, the activity log).
    const random = key.secret.slice('palco_live_'.length);
    const { rows } = await sql<{ found: number }>`
      select (select count(*) from api_keys k where k::text like ${`%${random}%`})
           + (select count(*) from activity_logs l where l::text like ${`%${random}%`}) as found`.execute(
      server.app.db,
    );
    expect(Number(rows[0]?.found)).toBe(0);
  });
});
