import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_CLIENTS, DEMO_ROLES, DEMO_USERS } from '../src/db/seed.ts';
import { ALL_PERMISSIONS } from '../src/permissions.ts';
import { createTeam, loggedEvents } from './admin-helpers.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let owner: string;
const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const EVENTOS = DEMO_ACCOUNTS.eventosAoVivo.id;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = owner) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

interface Role {
  id: string;
  name: string;
  permissions: string[];
  usersCount: number;
  invitationsCount: number;
}

describe('/v1/roles', () => {
  it("lists the team's roles with their permissions and use", async () => {
    const res = await call('GET', `/v1/roles?accountId=${DEMO}`);
    expect(res.statusCode, res.body).toBe(200);
    const roles = res.json<Role[]>();
    expect(roles.map((r) => r.name)).toEqual(['operador', 'proprietário']);
    // The operator and the streaming demo's guest (seed-streams.ts).
    expect(roles[0]).toMatchObject({ id: DEMO_ROLES.operadorDemo.id, usersCount: 2, invitationsCount: 0 });
    expect(roles[0]!.permissions).toEqual(DEMO_ROLES.operadorDemo.permissions);
    const operator = await loginAs(server.app, DEMO_USERS.operator.login);
    expectError(await call('GET', `/v1/roles?accountId=${DEMO}`, undefined, operator), 403);
  });

  it('creates, renames and edits a role within what the caller holds', async () => {
    const created = await call('POST', `/v1/roles?accountId=${DEMO}`, {
      name: 'editor',
      permissions: ['showVOD', 'showHistory'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json<Role>();
    expect(role).toMatchObject({ name: 'editor', permissions: ['showVOD', 'showHistory'], usersCount: 0 });

    expectError(await call('POST', `/v1/roles?accountId=${DEMO}`, { name: 'Editor', permissions: [] }), 409);
    const staffGrant = await call('POST', `/v1/roles?accountId=${DEMO}`, {
      name: 'dev',
      permissions: ['palcoDeveloper'],
    });
    expect(expectError(staffGrant, 403)).toBe(
      'Você não pode conceder permissões que não possui: palcoDeveloper',
    );
    expectError(await call('POST', `/v1/roles?accountId=${DEMO}`, { name: 'x', permissions: ['root'] }), 400);

    const edited = await call('PATCH', `/v1/roles/${role.id}?accountId=${DEMO}`, {
      name: 'editora',
      permissions: ['showVOD'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'editora', permissions: ['showVOD'] });
    const escalate = await call('PATCH', `/v1/roles/${role.id}?accountId=${DEMO}`, {
      permissions: ['showVOD', 'palcoDeveloper'],
    });
    expectError(escalate, 403);
    expect(await loggedEvents(server.app, owner, DEMO)).toEqual(
      expect.arrayContaining(['CARGO_CRIADO', 'CARGO_ATUALIZADO']),
    );
  });

  it('a role in use is replaced before it goes', async () => {
    const created = await call('POST', `/v1/roles?accountId=${DEMO}`, {
      name: 'temporário',
      permissions: ['showVOD'],
    });
    const temp = created.json<Role>().id;
    const move = await call('PATCH', `/v1/users/${DEMO_USERS.operator.id}/role?accountId=${DEMO}`, {
      roleId: temp,
    });
    expect(move.statusCode, move.body).toBe(200);

    const refused = await call('DELETE', `/v1/roles/${temp}?accountId=${DEMO}`);
    expect(expectError(refused, 409)).toMatch(/^Este cargo está em uso \(1\)/);
    const foreign = DEMO_ROLES.administradorEventos.id;
    expectError(await call('DELETE', `/v1/roles/${temp}?accountId=${DEMO}&replaceWith=${foreign}`), 404);
    const op = DEMO_ROLES.operadorDemo.id;
    expect((await call('DELETE', `/v1/roles/${temp}?accountId=${DEMO}&replaceWith=${op}`)).statusCode).toBe(
      204,
    );
    const users = (await call('GET', `/v1/users?accountId=${DEMO}&search=operator`)).json();
    expect(users.items[0].role).toEqual({ id: op, name: 'operador' });
    expectError(await call('DELETE', `/v1/roles/${temp}?accountId=${DEMO}`), 404);
    expect((await loggedEvents(server.app, owner, DEMO))[0]).toBe('CARGO_REMOVIDO');
  });

  it('no role edit or replacement leaves the team without a user manager; no role of another client', async () => {
    const team = await createTeam(server.app, {
      name: 'Equipe de Cargos',
      clientId: DEMO_CLIENTS.demo.id,
      roles: { gestor: ['showUsers', 'showRoles'], leitor: ['showRoles'] },
      members: [{ login: 'gestor@cargos.test', role: 'gestor' }],
    });
    const gestor = await loginAs(server.app, 'gestor@cargos.test');
    const q = `accountId=${team.accountId}`;
    const edit = await call(
      'PATCH',
      `/v1/roles/${team.roles.gestor}?${q}`,
      { permissions: ['showRoles'] },
      gestor,
    );
    expect(expectError(edit, 409)).toMatch(/^A equipe precisa de ao menos um usuário/);
    const replace = await call(
      'DELETE',
      `/v1/roles/${team.roles.gestor}?${q}&replaceWith=${team.roles.leitor}`,
      undefined,
      gestor,
    );
    expectError(replace, 409);
    // The owner administers Eventos Ao Vivo, not this team (nor Palco's).
    expectError(await call('GET', `/v1/roles?${q}`), 404);
    expectError(
      await call('PATCH', `/v1/roles/${DEMO_ROLES.desenvolvedor.id}?accountId=${EVENTOS}`, { name: 'x' }),
      404,
    );
    expectError(await call('GET', `/v1/roles?accountId=${DEMO_ACCOUNTS.palcoInterno.id}`), 404);
  });
});

describe('GET /v1/permissions', () => {
  interface Entry {
    permission: string;
    description: string;
    opens: string[];
    roles: Array<{ name: string; client: { name: string } }>;
  }

  it('staff see every permission, what it opens and the roles of every client holding it', async () => {
    const staff = await loginAs(server.app, DEMO_USERS.staff.login);
    const res = await server.app.inject({
      method: 'GET',
      url: '/v1/permissions',
      headers: { ...bearer(staff), 'accept-language': 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json<Entry[]>();
    expect(entries.map((e) => e.permission)).toEqual([...ALL_PERMISSIONS]);
    const users = entries.find((e) => e.permission === 'showUsers')!;
    expect(users.opens).toEqual(['/users']);
    expect(users.description).toMatch(/^Users menu/);
    // It opens the live analytics page as well as VOD's: the text names both.
    const analytics = entries.find((e) => e.permission === 'showStreamingAnalytics')!;
    expect(analytics.description).toMatch(/\bLive\b/);
    expect(analytics.description).toMatch(/\bVOD\b/);
    expect(users.roles.map((r) => r.client.name)).toEqual(
      expect.arrayContaining(['Palco', 'Demo Produções', 'Conta Bloqueada']),
    );
  });

  it("a client's user with showPermissions sees only their client's roles; showRoles only the catalogue", async () => {
    const res = await call('GET', `/v1/permissions?accountId=${DEMO}`);
    expect(res.statusCode, res.body).toBe(200);
    const staffOnly = res.json<Entry[]>().find((e) => e.permission === 'palcoDeveloper')!;
    expect(staffOnly.description).toMatch(/^Equipe interna/);
    expect(staffOnly.roles).toEqual([]);
    const clients = new Set(res.json<Entry[]>().flatMap((e) => e.roles.map((r) => r.client.name)));
    expect([...clients]).toEqual(['Demo Produções']);
    // Administrador in Eventos Ao Vivo holds showRoles, not showPermissions: the catalogue for the role
    // editor, without who holds what.
    const editor = await call('GET', `/v1/permissions?accountId=${EVENTOS}`);
    expect(editor.statusCode, editor.body).toBe(200);
    expect(editor.json<Entry[]>().every((e) => e.roles.length === 0 && e.description.length > 0)).toBe(true);
    const operator = await loginAs(server.app, DEMO_USERS.operator.login);
    expectError(await call('GET', `/v1/permissions?accountId=${DEMO}`, undefined, operator), 403);
  });
});
