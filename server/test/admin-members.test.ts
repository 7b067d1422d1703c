import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENTS, DEMO_USERS } from '../src/db/seed.ts';
import { createTeam, loggedEvents, type TestTeam } from './admin-helpers.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';

// /members (docs/api-admin.md "Members"): who can see the team's video library; read with showVOD, managed
// with manageTeamUsers.

let server: TestServer;
let team: TestTeam;
let gestor: string;
let viewer: string;
let ops: string;

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server.app, {
    name: 'Biblioteca',
    clientId: DEMO_CLIENTS.demo.id,
    roles: { gestor: ['showUsers', 'showVOD'], vod: ['showVOD'], ops: ['showStreaming'] },
    members: [
      { login: 'gestor@membros.test', role: 'gestor', canManageTeamsUsers: true },
      { login: 'viewer@membros.test', role: 'vod' },
      { login: 'ops@membros.test', role: 'ops' },
    ],
  });
  gestor = await loginAs(server.app, 'gestor@membros.test');
  viewer = await loginAs(server.app, 'viewer@membros.test');
  ops = await loginAs(server.app, 'ops@membros.test');
});
afterAll(async () => {
  await server?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const q = () => `accountId=${team.accountId}`;
const emails = async (token: string) =>
  (await call(token, 'GET', `/v1/members?${q()}`))
    .json<{ items: Array<{ email: string }> }>()
    .items.map((m) => m.email);

describe('/v1/members', () => {
  it('lists the members whose role holds showVOD; showVOD reads, manageTeamUsers manages', async () => {
    const res = await call(gestor, 'GET', `/v1/members?${q()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ canManage: true });
    expect((await emails(gestor)).sort()).toEqual(['gestor@membros.test', 'viewer@membros.test']);
    const read = await call(viewer, 'GET', `/v1/members?${q()}`);
    expect(read.json()).toMatchObject({ canManage: false });
    expectError(await call(ops, 'GET', `/v1/members?${q()}`), 403);
    expectError(
      await call(viewer, 'POST', `/v1/members?${q()}`, {
        email: DEMO_USERS.owner.login,
        roleId: team.roles.vod,
      }),
      403,
    );
    expectError(await call(viewer, 'DELETE', `/v1/members/${team.users['gestor@membros.test']}?${q()}`), 403);
  });

  it('adds an existing user of the same client under a role with showVOD, and only such a user', async () => {
    const add = (email: string, roleId: string) =>
      call(gestor, 'POST', `/v1/members?${q()}`, { email, roleId });
    // Another client's user is as unknown as a missing one.
    expect(expectError(await add(DEMO_USERS.staff.login, team.roles.vod!), 404)).toBe(
      'Usuário não encontrado',
    );
    expectError(await add('ninguem@membros.test', team.roles.vod!), 404);
    expect(expectError(await add(DEMO_USERS.owner.login, team.roles.ops!), 400)).toBe(
      'Escolha um cargo com acesso à biblioteca de vídeos (showVOD)',
    );
    const added = await add(DEMO_USERS.owner.login, team.roles.vod!);
    expect(added.statusCode, added.body).toBe(201);
    expect(await emails(gestor)).toContain(DEMO_USERS.owner.login);
    expect(await loggedEvents(server.app, gestor, team.accountId)).toContain('MEMBRO_ADICIONADO');
    expectError(await add(DEMO_USERS.owner.login, team.roles.vod!), 409);
  });

  it('removes a library member (who loses access at once), not anyone else', async () => {
    const viewerId = team.users['viewer@membros.test']!;
    expectError(await call(gestor, 'DELETE', `/v1/members/${team.users['ops@membros.test']}?${q()}`), 404);
    const res = await call(gestor, 'DELETE', `/v1/members/${viewerId}?${q()}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await emails(gestor)).not.toContain('viewer@membros.test');
    expectError(await call(viewer, 'GET', `/v1/members?${q()}`), 404);
    expectError(await call(gestor, 'DELETE', `/v1/members/${team.users['gestor@membros.test']}?${q()}`), 409);
  });
});
