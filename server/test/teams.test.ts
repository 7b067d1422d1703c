import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_CLIENTS, DEMO_ROLES, DEMO_USERS } from '../src/db/seed.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
const tokens: Record<keyof typeof DEMO_USERS, string> = { staff: '', owner: '', operator: '', blocked: '' };

beforeAll(async () => {
  server = await startTestServer();
  for (const key of Object.keys(tokens) as (keyof typeof tokens)[]) {
    tokens[key] = await loginAs(server.app, DEMO_USERS[key].login);
  }
});
afterAll(async () => {
  await server?.close();
});

const get = (url: string, token?: string) =>
  server.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('GET /v1/teams', () => {
  it("lists the owner's two teams with the role held in each", async () => {
    const res = await get('/v1/teams', tokens.owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        accountId: DEMO_ACCOUNTS.demoProducoes.id,
        name: 'Demo Produções',
        thumbnail: null,
        cliente: 'Demo Produções',
        bloqueada: false,
        userTeamRole: { nome: 'proprietário', permissoes: DEMO_ROLES.proprietarioDemo.permissions },
      },
      {
        accountId: DEMO_ACCOUNTS.eventosAoVivo.id,
        name: 'Eventos Ao Vivo',
        thumbnail: null,
        cliente: 'Demo Produções',
        bloqueada: false,
        userTeamRole: { nome: 'administrador', permissoes: DEMO_ROLES.administradorEventos.permissions },
      },
    ]);
  });

  it('filters by a part of the name, in any letter case', async () => {
    for (const search of ['evento', 'EVENTOS', 'ao viv']) {
      const names = (await get(`/v1/teams?search=${encodeURIComponent(search)}`, tokens.owner))
        .json()
        .map((t: { name: string }) => t.name);
      expect(names).toEqual(['Eventos Ao Vivo']);
    }
    expect((await get('/v1/teams?search=nada', tokens.owner)).json()).toEqual([]);
  });

  it('treats % and _ in the search as plain characters', async () => {
    expect((await get('/v1/teams?search=%25', tokens.staff)).json()).toEqual([]);
    expect((await get('/v1/teams?search=_', tokens.staff)).json()).toEqual([]);
  });

  it('gives the operator only their own team', async () => {
    const teams = (await get('/v1/teams', tokens.operator)).json();
    expect(teams.map((t: { accountId: string }) => t.accountId)).toEqual([DEMO_ACCOUNTS.demoProducoes.id]);
    expect(teams[0].userTeamRole.nome).toBe('operador');
  });

  it('gives staff every account, with their staff role where they are no member', async () => {
    const teams = (await get('/v1/teams', tokens.staff)).json();
    expect(teams.map((t: { name: string }) => t.name)).toEqual([
      'Conta Bloqueada',
      'Demo Produções',
      'Eventos Ao Vivo',
      'Palco Interno',
    ]);
    const blocked = teams.find((t: { name: string }) => t.name === 'Conta Bloqueada');
    expect(blocked.bloqueada).toBe(true);
    expect(blocked.userTeamRole.nome).toBe('desenvolvedor');
    expect((await get('/v1/teams?search=bloq&limit=1', tokens.staff)).json()).toHaveLength(1);
  });

  it('checks accountId and limit', async () => {
    expectError(await get(`/v1/teams?accountId=${DEMO_ACCOUNTS.contaBloqueada.id}`, tokens.owner), 404);
    expectError(await get('/v1/teams?accountId=nope', tokens.owner), 400);
    expect(
      (await get(`/v1/teams?accountId=${DEMO_ACCOUNTS.eventosAoVivo.id}`, tokens.owner)).statusCode,
    ).toBe(200);
    expect(expectError(await get('/v1/teams?limit=abc', tokens.owner), 400)).toBe('Apenas números inteiros');
    expect(expectError(await get('/v1/teams?limit=0', tokens.owner), 400)).toBe('O valor minimo é 1');
    expect(expectError(await get('/v1/teams?limit=9999', tokens.owner), 400)).toBe('O valor maximo é 500');
    expect(expectError(await get(`/v1/teams?search=${'x'.repeat(500)}`, tokens.owner), 400)).toBe(
      'O tamanho máximo é 100',
    );
  });

  it('needs a token', async () => {
    expectError(await get('/v1/teams'), 401);
  });
});

describe('GET /api/cliente', () => {
  it('lists every client for staff', async () => {
    const res = await get('/api/cliente?subConta=false', tokens.staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { conta_id: DEMO_CLIENTS.blocked.id, nome_cliente: 'Conta Bloqueada' },
      { conta_id: DEMO_CLIENTS.demo.id, nome_cliente: 'Demo Produções' },
      { conta_id: DEMO_CLIENTS.palco.id, nome_cliente: 'Palco' },
    ]);
  });

  it('lists accounts with subConta=true', async () => {
    const res = await get('/api/cliente?subConta=true', tokens.staff);
    expect(res.json()).toHaveLength(4);
    expect(res.json()).toContainEqual({
      conta_id: DEMO_ACCOUNTS.eventosAoVivo.id,
      nome_cliente: 'Eventos Ao Vivo',
    });
  });

  it('answers 403 to anyone but staff, 401 without a token, 400 for a bad flag', async () => {
    for (const token of [tokens.owner, tokens.operator, tokens.blocked]) {
      expect(expectError(await get('/api/cliente?subConta=false', token), 403)).toBe(
        'Você não tem permissão para acessar este recurso',
      );
    }
    expectError(await get('/api/cliente?subConta=false'), 401);
    expectError(await get('/api/cliente?subConta=talvez', tokens.staff), 400);
  });
});

describe('GET /v1/clients/{clientId}/accounts', () => {
  const url = (clientId: string) => `/v1/clients/${clientId}/accounts`;

  it("lists a client's accounts the caller is a member of", async () => {
    expect((await get(url(DEMO_CLIENTS.demo.id), tokens.owner)).json()).toEqual([
      { accountId: DEMO_ACCOUNTS.demoProducoes.id, name: 'Demo Produções' },
      { accountId: DEMO_ACCOUNTS.eventosAoVivo.id, name: 'Eventos Ao Vivo' },
    ]);
    expect((await get(url(DEMO_CLIENTS.demo.id), tokens.operator)).json()).toEqual([
      { accountId: DEMO_ACCOUNTS.demoProducoes.id, name: 'Demo Produções' },
    ]);
  });

  it('lists every account of any client for staff', async () => {
    expect((await get(url(DEMO_CLIENTS.demo.id), tokens.staff)).json()).toHaveLength(2);
    expect((await get(url(DEMO_CLIENTS.blocked.id), tokens.staff)).json()).toEqual([
      { accountId: DEMO_ACCOUNTS.contaBloqueada.id, name: 'Conta Bloqueada' },
    ]);
  });

  it('answers 404 for another client and for a missing one alike; 400 for a malformed id', async () => {
    const foreign = await get(url(DEMO_CLIENTS.demo.id), tokens.blocked);
    expect(expectError(foreign, 404)).toBe('Cliente não encontrado');
    expect((await get(url('c0000000-0000-4000-8000-0000000000ff'), tokens.blocked)).json()).toEqual(
      foreign.json(),
    );
    expectError(await get(url('c0000000-0000-4000-8000-0000000000ff'), tokens.staff), 404);
    expect(expectError(await get(url('not-a-uuid'), tokens.owner), 400)).toBe('Formato inválido');
  });
});

describe('GET /v2/accounts', () => {
  it('describes an account of the caller', async () => {
    const res = await get(`/v2/accounts?accountId=${DEMO_ACCOUNTS.eventosAoVivo.id}`, tokens.owner);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      accountId: DEMO_ACCOUNTS.eventosAoVivo.id,
      name: 'Eventos Ao Vivo',
      thumbnail: null,
      cliente: { id: DEMO_CLIENTS.demo.id, nome: 'Demo Produções' },
      bloqueada: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
    });
  });

  it("answers 404 for another team's account, 400 without a valid accountId", async () => {
    expect(
      expectError(
        await get(`/v2/accounts?accountId=${DEMO_ACCOUNTS.eventosAoVivo.id}`, tokens.operator),
        404,
      ),
    ).toBe('Conta não encontrada');
    const missing = await get('/v2/accounts', tokens.owner);
    expect(expectError(missing, 400)).toBe('O campo é obrigatório');
    expect(missing.json().field).toBe('accountId');
    expectError(await get('/v2/accounts?accountId=42', tokens.owner), 400);
  });

  it('lets staff see any account', async () => {
    const res = await get(`/v2/accounts?accountId=${DEMO_ACCOUNTS.contaBloqueada.id}`, tokens.staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().bloqueada).toBe(true);
  });
});
