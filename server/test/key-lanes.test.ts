// Memberships and keys stay in their lane (docs/security.md "Memberships and keys stay in their lane").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_CLIENTS, DEMO_USERS } from '../src/db/seed.ts';
import { createTeam, lastInvitation, type TestTeam } from './admin-helpers.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let owner: string;
const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const EVENTOS = DEMO_ACCOUNTS.eventosAoVivo.id;
const NOT_WITH_KEYS = 'Esta rota não aceita chaves de API; use uma sessão';

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function createKey(token: string, accountId: string, permissions: string[]): Promise<string> {
  const res = await call('POST', `/v1/api-keys?accountId=${accountId}`, token, {
    name: `chave ${permissions.join(' ')}`,
    expiresAt: inDays(30),
    permissions,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ secret: string }>().secret;
}

/** A team of a client of its own (not the demo client), with one manager. */
async function otherClientTeam(name: string): Promise<TestTeam> {
  const client = await server.app.db
    .insertInto('clients')
    .values({ name: `Cliente ${name}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return createTeam(server.app, {
    name,
    clientId: client.id,
    roles: { gestor: ['showUsers', 'gerenciarTimes', 'showRoles', 'showVOD'], editor: ['showVOD'] },
    members: [{ login: `gestor@${name.toLowerCase().replace(/\W/g, '')}.test`, role: 'gestor' }],
  });
}

describe('the "may manage team users" flag', () => {
  it("holds in the granting client's teams only, not in a team of another client", async () => {
    const other = await otherClientTeam('Estúdio Alheio');
    // The other client makes the owner (flagged by Demo Produções) a plain editor of its team.
    await server.app.db
      .insertInto('memberships')
      .values({ user_id: DEMO_USERS.owner.id, account_id: other.accountId, role_id: other.roles.editor! })
      .execute();
    const gestor = Object.values(other.users)[0]!;

    // There the owner is an editor: no user list, no role changes, no team management.
    expectError(await call('GET', `/v1/users?accountId=${other.accountId}`, owner), 403);
    expectError(
      await call('PATCH', `/v1/users/${gestor}/role?accountId=${other.accountId}`, owner, {
        roleId: other.roles.editor,
      }),
      403,
    );
    expectError(await call('DELETE', `/v1/users/${gestor}?accountId=${other.accountId}`, owner), 403);
    expectError(await call('GET', `/v1/client-teams?accountId=${other.accountId}`, owner), 403);
    const roleNow = await server.app.db
      .selectFrom('memberships')
      .select('role_id')
      .where('user_id', '=', gestor)
      .executeTakeFirstOrThrow();
    expect(roleNow.role_id).toBe(other.roles.gestor);

    // The session says so, so the console does not offer it either…
    const meThere = await call('GET', `/bff/me?accountId=${other.accountId}`, owner);
    expect(meThere.json<{ user: { canManageTeamsUsers: boolean } }>().user.canManageTeamsUsers).toBe(false);
    // …while in the granting client's teams the flag still holds.
    const meHome = await call('GET', `/bff/me?accountId=${EVENTOS}`, owner);
    expect(meHome.json<{ user: { canManageTeamsUsers: boolean } }>().user.canManageTeamsUsers).toBe(true);
    expect((await call('GET', `/v1/users?accountId=${DEMO}`, owner)).statusCode).toBe(200);
  });
});

describe('an API key acts in its own team only', () => {
  it("does not reach the client's other teams through the client-team routes", async () => {
    const key = await createKey(owner, DEMO, ['gerenciarTimes', 'showPermissions', 'showRoles']);

    // The owner, with a session, manages every team of the client…
    expect((await call('GET', `/v1/client-teams/${EVENTOS}/members`, owner)).statusCode).toBe(200);
    // …a key made in Demo Produções sees and touches Demo Produções only.
    const listed = await call('GET', '/v1/client-teams', key);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ items: { id: string }[] }>().items.map((t) => t.id)).toEqual([DEMO]);
    expectError(await call('GET', `/v1/client-teams/${EVENTOS}/members`, key), 404);
    expectError(await call('PATCH', `/v1/client-teams/${EVENTOS}`, key, { name: 'Tomado' }), 404);
    expect((await call('GET', `/v1/client-teams/${DEMO}/members`, key)).statusCode).toBe(200);
    const eventos = await server.app.db
      .selectFrom('accounts')
      .select('name')
      .where('id', '=', EVENTOS)
      .executeTakeFirstOrThrow();
    expect(eventos.name).toBe('Eventos Ao Vivo');

    // A new team would make the key's creator its member: refused.
    expect(expectError(await call('POST', '/v1/client-teams', key, { name: 'Time da chave' }), 403)).toBe(
      NOT_WITH_KEYS,
    );

    // The permissions page lists the roles of the key's team only.
    type Perm = { roles: { team: { id: string } }[] };
    const teamsIn = (rows: Perm[]) => new Set(rows.flatMap((p) => p.roles.map((r) => r.team.id)));
    const bySession = await call('GET', `/v1/permissions?accountId=${DEMO}`, owner);
    expect(teamsIn(bySession.json<Perm[]>())).toContain(EVENTOS);
    const byKey = await call('GET', '/v1/permissions', key);
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect([...teamsIn(byKey.json<Perm[]>())]).toEqual([DEMO]);
  });

  it('never accepts an invitation for its creator (403), and the link still works for the person', async () => {
    const team = await createTeam(server.app, {
      name: 'Convites Pela Chave',
      clientId: DEMO_CLIENTS.demo.id,
      roles: { gestor: ['showUsers', 'showVOD'], leitor: ['showVOD'] },
      members: [{ login: 'gestor@convites.test', role: 'gestor' }],
    });
    const gestor = await loginAs(server.app, 'gestor@convites.test');
    const invited = await call('POST', `/v1/invitations?accountId=${team.accountId}`, gestor, {
      email: DEMO_USERS.owner.login,
      roleId: team.roles.leitor,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = await lastInvitation(server, DEMO_USERS.owner.login);
    const key = await createKey(owner, DEMO, ['showVOD']);

    const accept = (authorization: string) =>
      server.app.inject({
        method: 'POST',
        url: `/v1/invitation-links/${token}/accept`,
        headers: bearer(authorization),
        payload: {},
      });
    expect(expectError(await accept(key), 403)).toBe(NOT_WITH_KEYS);
    const joined = () =>
      server.app.db
        .selectFrom('memberships')
        .select('role_id')
        .where('user_id', '=', DEMO_USERS.owner.id)
        .where('account_id', '=', team.accountId)
        .executeTakeFirst();
    expect(await joined()).toBeUndefined();

    const bySession = await accept(owner);
    expect(bySession.statusCode, bySession.body).toBe(200);
    expect((await joined())?.role_id).toBe(team.roles.leitor);
  });
});

describe('webhooks registered through a key', () => {
  const hook = (token: string, events: string[]) =>
    call('POST', `/v1/webhooks?accountId=${DEMO}`, token, { url: 'https://hooks.example.com/palco', events });

  it('need the read permission of every event they subscribe to', async () => {
    const apiOnly = await createKey(owner, DEMO, ['api']);
    const refused = await hook(apiOnly, ['video.ready', 'live.started']);
    expect(expectError(refused, 403)).toBe(
      'Você não tem permissão para ver o que estes eventos contam: video.ready, live.started',
    );
    const english = await server.app.inject({
      method: 'POST',
      url: `/v1/webhooks?accountId=${DEMO}`,
      headers: { ...bearer(apiOnly), 'accept-language': 'en' },
      payload: { url: 'https://hooks.example.com/palco', events: ['upload.completed'] },
    });
    expect(expectError(english, 403)).toBe('You may not read what these events report: upload.completed');

    const vod = await createKey(owner, DEMO, ['api', 'showVOD']);
    expect((await hook(vod, ['video.ready', 'upload.completed'])).statusCode).toBe(201);
    expect(expectError(await hook(vod, ['video.ready', 'live.ended']), 403)).toMatch(/live\.ended$/);
    // The owner's session reads videos and lives: it subscribes to every event.
    expect((await hook(owner, ['video.ready', 'live.started', 'live.ended'])).statusCode).toBe(201);
  });

  it('go with the key when it is revoked', async () => {
    const key = await createKey(owner, DEMO, ['api', 'showVOD', 'showStreaming']);
    const made = await hook(key, ['live.started']);
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json<{ webhook: { id: string } }>().webhook;
    const ids = async () =>
      (await call('GET', `/v1/webhooks?accountId=${DEMO}`, owner))
        .json<{ webhooks: { id: string }[] }>()
        .webhooks.map((w) => w.id);
    expect(await ids()).toContain(id);
    const keyId = (
      await server.app.db
        .selectFrom('webhooks')
        .select('api_key_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).api_key_id!;
    expect((await call('DELETE', `/v1/api-keys/${keyId}?accountId=${DEMO}`, owner)).statusCode).toBe(204);
    expect(await ids()).not.toContain(id);
  });
});

describe('keys and the person’s credentials', () => {
  /** A user of their own with a key, so the password changes here touch no one else. */
  async function personWithKey(login: string) {
    await createTeam(server.app, {
      name: `Time de ${login}`,
      clientId: DEMO_CLIENTS.demo.id,
      roles: { dono: ['api', 'showVOD'] },
      members: [{ login, role: 'dono' }],
    });
    const token = await loginAs(server.app, login);
    const teamId = (
      await server.app.db
        .selectFrom('users')
        .select('default_account_id')
        .where('login', '=', login)
        .executeTakeFirstOrThrow()
    ).default_account_id!;
    const key = await createKey(token, teamId, ['showVOD']);
    expect((await call('GET', '/v1/videos', key)).statusCode).toBe(200);
    return { token, key, teamId };
  }

  it('a password change revokes every key the user made, and says so in the log', async () => {
    const { token, key, teamId } = await personWithKey('senha@chaves.test');
    const changed = await call('POST', '/v1/me/password', token, {
      currentPassword: 'palco123',
      newPassword: 'outra123',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(expectError(await call('GET', '/v1/videos', key), 401)).toBe('Chave de API inválida ou revogada');
    const fresh = changed.json<{ Token: string }>().Token;
    const keys = await call('GET', `/v1/api-keys?accountId=${teamId}`, fresh);
    expect(keys.json<unknown[]>()).toEqual([]);
    const logged = await server.app.db
      .selectFrom('activity_logs')
      .select('event')
      .where('account_id', '=', teamId)
      .where('event', '=', 'CHAVE_API_REMOVIDA')
      .execute();
    expect(logged).toHaveLength(1);
  });

  it('"sign out every other session" revokes them too; signing out of the console does not', async () => {
    const { token, key } = await personWithKey('sessoes@chaves.test');
    expect((await call('POST', '/bff/logout', token)).statusCode).toBe(204);
    expect((await call('GET', '/v1/videos', key)).statusCode).toBe(200);

    const again = await loginAs(server.app, 'sessoes@chaves.test');
    expect((await call('POST', '/v1/me/sign-out-others', again)).statusCode).toBe(200);
    expectError(await call('GET', '/v1/videos', key), 401);
  });
});
