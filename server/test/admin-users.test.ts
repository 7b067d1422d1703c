import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_CLIENTS, DEMO_ROLES, DEMO_USERS } from '../src/db/seed.ts';
import { createTeam, loggedEvents, type TestTeam } from './admin-helpers.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let owner: string;
let staff: string;
const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const EVENTOS = DEMO_ACCOUNTS.eventosAoVivo.id;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  staff = await loginAs(server.app, DEMO_USERS.staff.login);
});
afterAll(async () => {
  await server?.close();
});

const call = (token: string, method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

interface UsersPage {
  items: Array<{
    id: string;
    name: string;
    email: string;
    role: { id: string; name: string };
    lastAccess: string | null;
  }>;
  invitations: unknown[];
  pagination: { page: number; total: number; pagesTotal: number };
}

describe('GET /v1/users', () => {
  it("lists the team's users with role and last access, searched and paged", async () => {
    const res = await call(owner, 'GET', `/v1/users?accountId=${DEMO}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<UsersPage>();
    const byMail = Object.fromEntries(body.items.map((u) => [u.email, u]));
    expect(byMail['owner@palco.test']).toMatchObject({ name: 'Olívia Dona', role: { name: 'proprietário' } });
    expect(byMail['owner@palco.test']!.lastAccess).not.toBeNull();
    expect(byMail['operator@palco.test']).toMatchObject({ role: { name: 'operador' } });

    const searched = (await call(owner, 'GET', `/v1/users?accountId=${DEMO}&search=OTÁV`)).json<UsersPage>();
    expect(searched.items.map((u) => u.email)).toEqual(['operator@palco.test']);

    const paged = (await call(owner, 'GET', `/v1/users?accountId=${DEMO}&limit=1&page=2`)).json<UsersPage>();
    expect(paged.items).toHaveLength(1);
    expect(paged.pagination).toEqual({
      page: 2,
      total: body.pagination.total,
      pagesTotal: body.pagination.total,
    });
  });

  it('refuses a role without showUsers, and another client’s team', async () => {
    const operator = await loginAs(server.app, DEMO_USERS.operator.login);
    expectError(await call(operator, 'GET', `/v1/users?accountId=${DEMO}`), 403);
    const other = DEMO_ACCOUNTS.palcoInterno.id;
    expect(expectError(await call(owner, 'GET', `/v1/users?accountId=${other}`), 404)).toBe(
      'Conta não encontrada',
    );
  });
});

describe('changing roles and removing users', () => {
  let team: TestTeam;
  let admin: string;
  beforeAll(async () => {
    team = await createTeam(server.app, {
      name: 'Equipe de Regras',
      clientId: DEMO_CLIENTS.demo.id,
      roles: {
        chefe: ['showUsers', 'showRoles', 'showFinancial', 'showVOD'],
        admin: ['showUsers', 'showRoles', 'showVOD'],
        leitor: ['showVOD'],
      },
      members: [
        { login: 'chefe@regras.test', role: 'chefe' },
        { login: 'admin@regras.test', role: 'admin' },
        { login: 'leitor@regras.test', role: 'leitor' },
      ],
    });
    admin = await loginAs(server.app, 'admin@regras.test');
  });
  const url = (userId: string, suffix = '') => `/v1/users/${userId}${suffix}?accountId=${team.accountId}`;

  it('nobody hands out a role holding permissions they do not hold', async () => {
    const res = await call(admin, 'PATCH', url(team.users['leitor@regras.test']!, '/role'), {
      roleId: team.roles.chefe,
    });
    expect(expectError(res, 403)).toBe('Você não pode conceder permissões que não possui: showFinancial');
  });

  it('nobody demotes or removes a user holding what they do not hold', async () => {
    const chefe = team.users['chefe@regras.test']!;
    const demote = await server.app.inject({
      method: 'PATCH',
      url: url(chefe, '/role'),
      headers: { ...bearer(admin), 'accept-language': 'en' },
      payload: { roleId: team.roles.leitor },
    });
    expect(expectError(demote, 403)).toBe('This user holds permissions you do not hold: showFinancial');
    expectError(await call(admin, 'DELETE', url(chefe)), 403);
  });

  it('nobody removes or demotes the last user able to manage the team’s users', async () => {
    const chefe = await loginAs(server.app, 'chefe@regras.test');
    // Two managers: the admin may be demoted; then the chefe is the last one.
    const ok = await call(chefe, 'PATCH', url(team.users['admin@regras.test']!, '/role'), {
      roleId: team.roles.leitor,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ role: { id: team.roles.leitor, name: 'leitor' } });
    const self = await call(chefe, 'PATCH', url(team.users['chefe@regras.test']!, '/role'), {
      roleId: team.roles.leitor,
    });
    expect(expectError(self, 409)).toMatch(
      /^A equipe precisa de ao menos um usuário que gerencie os usuários/,
    );
    // Staff may act anywhere, but not leave the team without a manager either.
    expectError(await call(staff, 'DELETE', url(team.users['chefe@regras.test']!)), 409);
    // The streaming settings' users list removes by the same rules.
    const legacy = `/v1/account-users/${team.users['chefe@regras.test']}?accountId=${team.accountId}`;
    expectError(await call(staff, 'DELETE', legacy), 409);
    expect(expectError(await call(chefe, 'DELETE', url(team.users['chefe@regras.test']!)), 409)).toBe(
      'Você não pode remover a si mesmo da equipe',
    );
    // Put the admin back for the other tests.
    expect(
      (
        await call(chefe, 'PATCH', url(team.users['admin@regras.test']!, '/role'), {
          roleId: team.roles.admin,
        })
      ).statusCode,
    ).toBe(200);
  });

  it("refuses a role of another team and a user of another client's team", async () => {
    const foreignRole = DEMO_ROLES.operadorDemo.id;
    const res = await call(admin, 'PATCH', url(team.users['leitor@regras.test']!, '/role'), {
      roleId: foreignRole,
    });
    expect(expectError(res, 404)).toBe('Cargo não encontrado');
    // The staff user is a member of Palco Interno only: not a user of this team.
    expectError(await call(admin, 'DELETE', url(DEMO_USERS.staff.id)), 404);
    const palco = `/v1/users/${DEMO_USERS.staff.id}?accountId=${DEMO_ACCOUNTS.palcoInterno.id}`;
    expectError(await call(owner, 'DELETE', palco), 404);
    expectError(
      await call(owner, 'PATCH', `/v1/users/${DEMO_USERS.staff.id}/role?accountId=${EVENTOS}`, {
        roleId: DEMO_ROLES.administradorEventos.id,
      }),
      404,
    );
  });
});

describe('a changed role or a removal takes effect on the next request', () => {
  it("the operator loses the streams on the owner's change, and the team on removal; both are logged", async () => {
    const operator = await loginAs(server.app, DEMO_USERS.operator.login);
    const streams = `/v1/live-streams?accountId=${DEMO}`;
    expect((await call(operator, 'GET', streams)).statusCode).toBe(200);

    const created = await call(owner, 'POST', `/v1/roles?accountId=${DEMO}`, {
      name: 'visitante',
      permissions: ['showVOD'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const visitante = created.json<{ id: string }>().id;
    const changed = await call(owner, 'PATCH', `/v1/users/${DEMO_USERS.operator.id}/role?accountId=${DEMO}`, {
      roleId: visitante,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // Same token, signed before the change.
    expectError(await call(operator, 'GET', streams), 403);
    const me = (await call(operator, 'GET', '/bff/me')).json<{
      permissoes: string[];
      user: { cargo: string };
    }>();
    expect(me.permissoes).toEqual(['showVOD']);
    expect(me.user.cargo).toBe('visitante');

    const removed = await call(owner, 'DELETE', `/v1/users/${DEMO_USERS.operator.id}?accountId=${DEMO}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(expectError(await call(operator, 'GET', streams), 404)).toBe('Conta não encontrada');
    expect(expectError(await call(operator, 'GET', `/v1/videos?accountId=${DEMO}`), 404)).toBe(
      'Conta não encontrada',
    );
    const after = (await call(operator, 'GET', '/bff/me')).json<{
      contasCargos: unknown[];
      permissoes: string[];
    }>();
    expect(after.contasCargos).toEqual([]);
    expect(after.permissoes).toEqual([]);

    const events = await loggedEvents(server.app, owner, DEMO);
    expect(events.slice(0, 3)).toEqual(['USUARIO_REMOVIDO', 'CARGO_USUARIO_ATUALIZADO', 'CARGO_CRIADO']);
  });
});
