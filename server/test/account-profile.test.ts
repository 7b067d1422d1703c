import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { createTeam } from './admin-helpers.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let n = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  token: string,
  payload?: object,
  lang = 'pt-BR',
) =>
  server.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

/** A user of a team of their own (password `palco123`), so changing their password touches no demo user. */
async function newUser(): Promise<string> {
  const login = `perfil-${++n}@palco.test`;
  await createTeam(server.app, {
    name: `Perfil ${n}`,
    clientId: DEMO_ACCOUNTS.demoProducoes.clientId,
    roles: { leitor: ['showVOD'] },
    members: [{ login, role: 'leitor' }],
  });
  return login;
}

const alive = async (token: string) => (await call('GET', '/bff/me', token)).statusCode;

describe('own profile', () => {
  it('changes the own name, seen by /bff/me', async () => {
    const login = await newUser();
    const token = await loginAs(server.app, login);
    const res = await call('PATCH', '/v1/me/profile', token, { name: ' Nome Novo ' });
    expect(res.statusCode, res.body).toBe(200);
    const me = await call('GET', '/bff/me', token);
    expect(me.json<{ user: { nome: string } }>().user.nome).toBe('Nome Novo');
    expectError(await call('PATCH', '/v1/me/profile', token, { name: '  ' }), 400);
  });

  it('refuses a wrong current password in the caller language and keeps the old one', async () => {
    const login = await newUser();
    const token = await loginAs(server.app, login);
    const wrong = await call('POST', '/v1/me/password', token, {
      currentPassword: 'errada',
      newPassword: 'nova1234',
    });
    expect(expectError(wrong, 400)).toBe('A senha atual está incorreta');
    const wrongEn = await call(
      'POST',
      '/v1/me/password',
      token,
      { currentPassword: 'errada', newPassword: 'nova1234' },
      'en',
    );
    expect(expectError(wrongEn, 400)).toBe('The current password is wrong');
    // The spec's rule: 4 to 16 characters.
    expectError(
      await call('POST', '/v1/me/password', token, { currentPassword: 'palco123', newPassword: 'abc' }),
      400,
    );
    expect(await alive(token)).toBe(200);
    await loginAs(server.app, login, 'palco123');
  });

  it('a password change signs out every other session; the caller goes on with the new token', async () => {
    const login = await newUser();
    const [mine, other] = [await loginAs(server.app, login), await loginAs(server.app, login)];
    const res = await call('POST', '/v1/me/password', mine, {
      currentPassword: 'palco123',
      newPassword: 'nova1234',
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json<{ Token: string }>().Token;
    expect(await alive(other)).toBe(401);
    expect(await alive(mine)).toBe(401);
    expect(await alive(fresh)).toBe(200);
    const old = await server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { login, password: 'palco123' },
    });
    expect(old.statusCode).toBe(401);
    await loginAs(server.app, login, 'nova1234');
  });

  it('"sign out every other session" keeps only the caller, in the team it had chosen', async () => {
    const login = DEMO_USERS.operator.login;
    const [mine, other] = [await loginAs(server.app, login), await loginAs(server.app, login)];
    const team = DEMO_ACCOUNTS.demoProducoes.id;
    const chosen = await call('PUT', '/bff/me/selected-team', mine, { accountId: team });
    expect(chosen.statusCode, chosen.body).toBeLessThan(300);
    const res = await call('POST', '/v1/me/sign-out-others', mine);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json<{ Token: string }>().Token;
    expect(await alive(other)).toBe(401);
    expect(await alive(fresh)).toBe(200);
    const me = await call('GET', '/bff/me', fresh);
    expect(me.json<{ user: { selectedTeamId: string | null } }>().user.selectedTeamId).toBe(team);
  });

  it('limits current-password checks per user: past 10 in 15 minutes → 429, other users unaffected', async () => {
    const token = await loginAs(server.app, await newUser());
    const wrong = { currentPassword: 'errada', newPassword: 'nova1234' };
    for (let i = 0; i < 10; i++) expectError(await call('POST', '/v1/me/password', token, wrong), 400);
    // Even the right password is not checked any more: guessing has stopped.
    const right = await call('POST', '/v1/me/password', token, { ...wrong, currentPassword: 'palco123' });
    expect(expectError(right, 429)).toMatch(/^Muitas tentativas\. Tente novamente em \d+ segundos/);
    const other = await loginAs(server.app, await newUser());
    expectError(await call('POST', '/v1/me/password', other, wrong), 400);
  });
});
