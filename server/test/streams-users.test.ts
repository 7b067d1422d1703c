import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { DEMO_GUEST } from '../src/db/seed-streams.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call, logsOf, userWith } from './streams-helpers.ts';

// The streaming settings' users list (SPEC §2.7 "users list … actions", §8 "user deleted"):
// DELETE /v1/account-users/{userId} takes a user out of the team.

let server: TestServer;
let owner: string;
let operator: string;
let staff: string;
/** showUsers without canManageTeamsUsers. */
let userAdmin: string;

const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
const EVENTOS: string = DEMO_ACCOUNTS.eventosAoVivo.id;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  operator = await loginAs(server.app, DEMO_USERS.operator.login);
  staff = await loginAs(server.app, DEMO_USERS.staff.login);
  userAdmin = await userWith(server.app, DEMO, 'admin-users@palco.test', ['showUsers']);
});
afterAll(async () => {
  await server?.close();
});

const api = (token: string, method: 'GET' | 'DELETE', url: string, headers?: Record<string, string>) =>
  call(server.app, token, method, url, undefined, headers);

const idOf = async (login: string) =>
  (await server.app.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow())
    .id;

const members = async (accountId: string) =>
  (await api(owner, 'GET', `/v1/account-users?accountId=${accountId}`))
    .json<{ login: string }[]>()
    .map((u) => u.login);

describe('DELETE /v1/account-users/{userId}', () => {
  it('the demo guest (never signed in, no usable password) is listed without a last access and can be removed', async () => {
    const before = (await api(owner, 'GET', `/v1/account-users?accountId=${DEMO}`)).json<
      { id: string; login: string; lastLoginAt: string | null }[]
    >();
    expect(before.find((u) => u.id === DEMO_GUEST.id)).toMatchObject({
      login: DEMO_GUEST.login,
      lastLoginAt: null,
    });
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { login: DEMO_GUEST.login, password: 'palco123' },
    });
    expect(login.statusCode).toBe(401);
    expect(
      (await api(owner, 'DELETE', `/v1/account-users/${DEMO_GUEST.id}?accountId=${DEMO}`)).statusCode,
    ).toBe(204);
    expect(await members(DEMO)).not.toContain(DEMO_GUEST.login);
  });

  it('takes the user out of the team, logs it, and the user loses access at once', async () => {
    const token = await userWith(server.app, DEMO, 'leaving@palco.test', ['showStreaming']);
    const id = await idOf('leaving@palco.test');
    expect((await api(token, 'GET', `/v1/live-streams?accountId=${DEMO}`)).statusCode).toBe(200);

    const res = await api(owner, 'DELETE', `/v1/account-users/${id}?accountId=${DEMO}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await members(DEMO)).not.toContain('leaving@palco.test');
    // The same token no longer reaches the team's streams.
    expectError(await api(token, 'GET', `/v1/live-streams?accountId=${DEMO}`), 404);
    const logs = await logsOf(server.app, id);
    expect(logs.map((l) => [l.event, l.account_id, l.actor_email])).toEqual([
      ['USUARIO_REMOVIDO', DEMO, DEMO_USERS.owner.login],
    ]);
    // A second removal: the user is no longer a member.
    expect(expectError(await api(owner, 'DELETE', `/v1/account-users/${id}?accountId=${DEMO}`), 404)).toBe(
      'Usuário não encontrado',
    );
  });

  it('needs showUsers or canManageTeamsUsers; showStreaming alone may only list', async () => {
    await userWith(server.app, DEMO, 'target-a@palco.test', ['showVOD']);
    const id = await idOf('target-a@palco.test');
    expect((await api(operator, 'GET', `/v1/account-users?accountId=${DEMO}`)).statusCode).toBe(200);
    expect(expectError(await api(operator, 'DELETE', `/v1/account-users/${id}?accountId=${DEMO}`), 403)).toBe(
      'Você não tem permissão para acessar este recurso',
    );
    expect(await members(DEMO)).toContain('target-a@palco.test');
    expect((await api(userAdmin, 'DELETE', `/v1/account-users/${id}?accountId=${DEMO}`)).statusCode).toBe(
      204,
    );
    expect(await members(DEMO)).not.toContain('target-a@palco.test');
  });

  it('refuses removing yourself (409) and answers in English on request', async () => {
    const me = await idOf(DEMO_USERS.owner.login);
    expect(expectError(await api(owner, 'DELETE', `/v1/account-users/${me}?accountId=${DEMO}`), 409)).toBe(
      'Você não pode remover a si mesmo da equipe',
    );
    expect(
      expectError(
        await api(owner, 'DELETE', `/v1/account-users/${me}?accountId=${DEMO}`, { 'accept-language': 'en' }),
        409,
      ),
    ).toBe('You cannot remove yourself from the team');
    expect(await members(DEMO)).toContain(DEMO_USERS.owner.login);
  });

  it('only touches the named team: a member of another team is 404, their other teams stay', async () => {
    // The operator is in Demo Produções only: not a member of Eventos Ao Vivo.
    const operatorId = await idOf(DEMO_USERS.operator.login);
    expectError(await api(owner, 'DELETE', `/v1/account-users/${operatorId}?accountId=${EVENTOS}`), 404);
    expect(await members(DEMO)).toContain(DEMO_USERS.operator.login);
    // A team the caller is not in: 404 like every other team's object.
    expectError(await api(operator, 'DELETE', `/v1/account-users/${operatorId}?accountId=${EVENTOS}`), 404);
    // Unknown and malformed ids.
    expectError(
      await api(owner, 'DELETE', `/v1/account-users/00000000-0000-4000-8000-000000000000?accountId=${DEMO}`),
      404,
    );
    expectError(await api(owner, 'DELETE', `/v1/account-users/nao-e-id?accountId=${DEMO}`), 400);
  });

  it('a staff member cannot be removed by a non-staff caller; staff may remove (with a role here that lacks showUsers)', async () => {
    const staffId = await idOf(DEMO_USERS.staff.login);
    // Put a staff-role holder into the demo team, then try to remove them as the owner.
    const staffRole = await server.app.db
      .insertInto('roles')
      .values({ account_id: DEMO, name: 'suporte interno', permissions: ['palcoDeveloper'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.app.db
      .insertInto('memberships')
      .values({ user_id: staffId, account_id: DEMO, role_id: staffRole.id })
      .execute();
    expectError(await api(owner, 'DELETE', `/v1/account-users/${staffId}?accountId=${DEMO}`), 403);
    expect(await members(DEMO)).toContain(DEMO_USERS.staff.login);
    await userWith(server.app, DEMO, 'target-b@palco.test', ['showVOD']);
    const target = await idOf('target-b@palco.test');
    expect((await api(staff, 'DELETE', `/v1/account-users/${target}?accountId=${DEMO}`)).statusCode).toBe(
      204,
    );
  });
});
