import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_CLIENTS, DEMO_ROLES, DEMO_USERS } from '../src/db/seed.ts';
import { ALL_PERMISSIONS } from '../src/permissions.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const me = (token: string, query = '', headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: `/bff/me${query}`, headers: { ...bearer(token), ...headers } });

const selectTeam = (token: string, payload: unknown) =>
  server.app.inject({
    method: 'PUT',
    url: '/bff/me/selected-team',
    headers: bearer(token),
    payload: payload as object,
  });

/** A token signed like the server's, for a real login (session) of the owner, with chosen claims. */
async function craftToken(claims: Record<string, unknown>, options: { exp: number; key?: Uint8Array }) {
  const sid = decodeJwt(await loginAs(server.app, DEMO_USERS.owner.login)).sid;
  return new SignJWT({ sid, ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(DEMO_USERS.owner.id)
    .setIssuedAt(options.exp - 3600)
    .setExpirationTime(options.exp)
    .sign(options.key ?? server.app.jwtKey);
}

const now = () => Math.floor(Date.now() / 1000);

describe('authentication of calls', () => {
  it('answers 401 without a token, with a malformed one and with a forged one', async () => {
    const noToken = await server.app.inject({ method: 'GET', url: '/bff/me' });
    expect(expectError(noToken, 401)).toBe('Faça login para continuar');

    for (const header of ['Bearer', 'Bearer not.a.jwt', 'Basic b3duZXI6cGFsY28xMjM=', 'Bearer a b']) {
      const res = await server.app.inject({
        method: 'GET',
        url: '/bff/me',
        headers: { authorization: header },
      });
      expectError(res, 401);
    }

    const otherKey = new TextEncoder().encode('x'.repeat(48));
    const forged = await craftToken({ ver: 0, cargo: 'proprietário' }, { exp: now() + 3600, key: otherKey });
    expect(expectError(await me(forged), 401)).toBe('Sessão inválida. Faça login novamente');
  });

  it('refuses an unsigned ("alg: none") token', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: DEMO_USERS.owner.id, ver: 0, exp: now() + 3600 })}.`;
    expectError(await me(unsigned), 401);
  });

  it('answers 401 to an expired token', async () => {
    const expired = await craftToken({ ver: 0, cargo: 'proprietário' }, { exp: now() - 5 });
    expect(expectError(await me(expired), 401)).toBe('Sua sessão expirou. Faça login novamente');
    // The same claims, not expired, are accepted: the expiry is what failed.
    const fresh = await craftToken({ ver: 0, cargo: 'proprietário' }, { exp: now() + 60 });
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('refuses a token it accepted before, once the token expires', async () => {
    // The server remembers the tokens whose signature it checked (docs/server.md "Where a request's
    // time goes"): what it remembers must not outlive the token. Signed after the login, so a slow
    // login cannot eat the token's few seconds.
    const sid = decodeJwt(await loginAs(server.app, DEMO_USERS.owner.login)).sid;
    const exp = now() + 3;
    const short = await new SignJWT({ sid, ver: 0, cargo: 'proprietário' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(DEMO_USERS.owner.id)
      .setExpirationTime(exp)
      .sign(server.app.jwtKey);
    expect((await me(short)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, (exp + 1) * 1000 - Date.now())));
    expect(expectError(await me(short), 401)).toBe('Sua sessão expirou. Faça login novamente');
  });

  it('answers in English when asked', async () => {
    const expired = await craftToken({ ver: 0 }, { exp: now() - 5 });
    expect(expectError(await me(expired, '', { 'accept-language': 'en' }), 401)).toBe(
      'Your session has expired. Please sign in again',
    );
  });

  it('answers 401 to a token of a version that is not the current one', async () => {
    const stale = await craftToken({ ver: 7, cargo: 'proprietário' }, { exp: now() + 3600 });
    expectError(await me(stale), 401);
  });

  it('answers 401 to a token of a user that does not exist', async () => {
    const ghost = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('e0000000-0000-4000-8000-0000000000ff')
      .setExpirationTime(now() + 3600)
      .sign(server.app.jwtKey);
    expectError(await me(ghost), 401);
  });
});

describe('GET /bff/me', () => {
  it("describes the owner: user, the default team's permissions and both teams", async () => {
    const token = await loginAs(server.app, DEMO_USERS.owner.login);
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['contasCargos', 'permissoes', 'user']);
    expect(body.user).toEqual({
      _id: DEMO_USERS.owner.id,
      id: DEMO_USERS.owner.id,
      login: 'owner@palco.test',
      nome: 'Olívia Dona',
      avatar: null,
      cargo: 'proprietário',
      contaId: DEMO_ACCOUNTS.demoProducoes.id,
      diretorioRoot: 'demo-producoes',
      selectedTeamId: null,
      clienteSelecionado: null,
      cliente: { id: DEMO_CLIENTS.demo.id, nome: 'Demo Produções' },
      canManageTeamsUsers: true,
    });
    expect(body.permissoes.sort()).toEqual(ALL_PERMISSIONS.filter((p) => p !== 'palcoDeveloper').sort());
    expect(body.contasCargos).toEqual([
      {
        conta_id: DEMO_ACCOUNTS.demoProducoes.id,
        conta_nome: 'Demo Produções',
        conta_thumbnail: null,
        cliente: 'Demo Produções',
        cargo_nome: 'proprietário',
        permissoes: DEMO_ROLES.proprietarioDemo.permissions,
        bloqueada: false,
      },
      {
        conta_id: DEMO_ACCOUNTS.eventosAoVivo.id,
        conta_nome: 'Eventos Ao Vivo',
        conta_thumbnail: null,
        cliente: 'Demo Produções',
        cargo_nome: 'administrador',
        permissoes: DEMO_ROLES.administradorEventos.permissions,
        bloqueada: false,
      },
    ]);
    expect(res.body).not.toMatch(/password|hash|token_version/i);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('gives the permissions of the team named by accountId', async () => {
    const token = await loginAs(server.app, DEMO_USERS.owner.login);
    const res = await me(token, `?accountId=${DEMO_ACCOUNTS.eventosAoVivo.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().permissoes).toEqual(DEMO_ROLES.administradorEventos.permissions);
    expect(res.json().user.cargo).toBe('administrador');
  });

  it("answers 404 for another team's accountId and for one that does not exist, alike", async () => {
    const token = await loginAs(server.app, DEMO_USERS.owner.login);
    const foreign = await me(token, `?accountId=${DEMO_ACCOUNTS.contaBloqueada.id}`);
    const missing = await me(token, '?accountId=a0000000-0000-4000-8000-0000000000ff');
    expect(expectError(foreign, 404)).toBe('Conta não encontrada');
    expect(missing.json()).toEqual(foreign.json());
  });

  it('answers 400 for a malformed accountId', async () => {
    const token = await loginAs(server.app, DEMO_USERS.owner.login);
    for (const query of ['?accountId=123', '?accountId=', `?accountId=${DEMO_ACCOUNTS.demoProducoes.id}x`]) {
      const res = await me(token, query);
      expect(expectError(res, 400)).toBe('Formato inválido');
      expect(res.json().field).toBe('accountId');
    }
    const twice = `?accountId=${DEMO_ACCOUNTS.demoProducoes.id}&accountId=${DEMO_ACCOUNTS.eventosAoVivo.id}`;
    expectError(await me(token, twice), 400);
  });

  it('gives the operator exactly the four permissions of "operador"', async () => {
    const token = await loginAs(server.app, DEMO_USERS.operator.login);
    const body = (await me(token)).json();
    expect(body.permissoes).toEqual(['showStreaming', 'broadcast', 'showHistory', 'showVOD']);
    expect(body.user.canManageTeamsUsers).toBe(false);
    expect(body.contasCargos).toHaveLength(1);
  });

  it('marks the blocked team as blocked', async () => {
    const token = await loginAs(server.app, DEMO_USERS.blocked.login);
    const body = (await me(token)).json();
    expect(body.contasCargos).toEqual([
      expect.objectContaining({ conta_nome: 'Conta Bloqueada', bloqueada: true }),
    ]);
  });

  it('lets staff work in any existing account with their staff permissions', async () => {
    const token = await loginAs(server.app, DEMO_USERS.staff.login);
    const res = await me(token, `?accountId=${DEMO_ACCOUNTS.contaBloqueada.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().permissoes).toContain('palcoDeveloper');
    expectError(await me(token, '?accountId=a0000000-0000-4000-8000-0000000000ff'), 404);
  });
});

describe('PUT /bff/me/selected-team', () => {
  it('stores the choice; later answers and new tokens reflect it', async () => {
    const token = await loginAs(server.app, DEMO_USERS.owner.login);
    const res = await selectTeam(token, { accountId: DEMO_ACCOUNTS.eventosAoVivo.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.user.selectedTeamId).toBe(DEMO_ACCOUNTS.eventosAoVivo.id);
    expect(body.user.clienteSelecionado).toBe(DEMO_CLIENTS.demo.id);
    expect(body.user.cargo).toBe('administrador');
    expect(body.permissoes).toEqual(DEMO_ROLES.administradorEventos.permissions);

    const again = (await me(token)).json();
    expect(again.user.selectedTeamId).toBe(DEMO_ACCOUNTS.eventosAoVivo.id);
    expect(again.permissoes).toEqual(DEMO_ROLES.administradorEventos.permissions);

    // The choice belongs to this login: a new login (another device, or after signing out) starts
    // without a team, and choosing there leaves the first login's choice alone.
    const next = await loginAs(server.app, DEMO_USERS.owner.login);
    expect(decodeJwt(next).cargo).toBe('proprietário');
    expect((await me(next)).json().user.selectedTeamId).toBeNull();
    expect((await selectTeam(next, { accountId: DEMO_ACCOUNTS.demoProducoes.id })).statusCode).toBe(200);
    expect((await me(token)).json().user.selectedTeamId).toBe(DEMO_ACCOUNTS.eventosAoVivo.id);
  });

  it('refuses a token whose session is unknown, even when correctly signed', async () => {
    const token = await loginAs(server.app, DEMO_USERS.owner.login);
    const claims = decodeJwt(token);
    const forged = await new SignJWT({
      ver: claims.ver,
      cargo: claims.cargo,
      sid: 'a0000000-0000-4000-8000-0000000000ff',
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setExpirationTime('1h')
      .sign(server.app.jwtKey);
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('answers 404 for another team and leaves the choice alone', async () => {
    const token = await loginAs(server.app, DEMO_USERS.operator.login);
    const res = await selectTeam(token, { accountId: DEMO_ACCOUNTS.eventosAoVivo.id });
    expect(expectError(res, 404)).toBe('Conta não encontrada');
    expect((await me(token)).json().user.selectedTeamId).toBeNull();
  });

  it('answers 400 for a missing or malformed accountId', async () => {
    const token = await loginAs(server.app, DEMO_USERS.operator.login);
    const missing = await selectTeam(token, {});
    expect(expectError(missing, 400)).toBe('O campo é obrigatório');
    expect(missing.json().field).toBe('accountId');
    expect(expectError(await selectTeam(token, { accountId: 'abc' }), 400)).toBe('Formato inválido');
    expectError(await selectTeam(token, { accountId: 12 }), 400);
    expectError(await selectTeam(token, [DEMO_ACCOUNTS.demoProducoes.id]), 400);
  });

  it('lets staff select an account they are not a member of', async () => {
    const token = await loginAs(server.app, DEMO_USERS.staff.login);
    const res = await selectTeam(token, { accountId: DEMO_ACCOUNTS.contaBloqueada.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.selectedTeamId).toBe(DEMO_ACCOUNTS.contaBloqueada.id);
    expect(res.json().user.clienteSelecionado).toBe(DEMO_CLIENTS.blocked.id);
    expect(res.json().permissoes).toEqual(DEMO_ROLES.desenvolvedor.permissions);
  });

  it('needs a token', async () => {
    const res = await server.app.inject({
      method: 'PUT',
      url: '/bff/me/selected-team',
      payload: { accountId: DEMO_ACCOUNTS.demoProducoes.id },
    });
    expectError(res, 401);
  });
});

describe('POST /bff/logout', () => {
  it('revokes every token of the user, and a new login works', async () => {
    const first = await loginAs(server.app, DEMO_USERS.blocked.login);
    const second = await loginAs(server.app, DEMO_USERS.blocked.login);
    const other = await loginAs(server.app, DEMO_USERS.operator.login);

    const res = await server.app.inject({ method: 'POST', url: '/bff/logout', headers: bearer(first) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect(expectError(await me(first), 401)).toBe('Sua sessão expirou. Faça login novamente');
    expectError(await me(second), 401);
    expectError(await server.app.inject({ method: 'POST', url: '/bff/logout', headers: bearer(first) }), 401);
    // Someone else's session is untouched.
    expect((await me(other)).statusCode).toBe(200);

    const again = await loginAs(server.app, DEMO_USERS.blocked.login);
    expect(decodeJwt(again).ver).toBe(1);
    expect((await me(again)).statusCode).toBe(200);
  });
});
