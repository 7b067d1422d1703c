import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByLogin } from '../src/db/repositories/users.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/db/seed.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: '/api/user/login', payload: payload as object, headers });

describe('POST /api/user/login', () => {
  it('gives every demo user a 12-hour HS256 token with sub, ver and cargo', async () => {
    const roles = {
      staff: 'desenvolvedor',
      owner: 'proprietário',
      operator: 'operador',
      blocked: 'proprietário',
    };
    for (const [key, user] of Object.entries(DEMO_USERS)) {
      const res = await login({ login: user.login, password: DEMO_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['Token']);
      expect(decodeProtectedHeader(body.Token).alg).toBe('HS256');
      const claims = decodeJwt(body.Token);
      expect(claims.sub).toBe(user.id);
      expect(claims.ver).toBe(0);
      expect(claims.cargo).toBe(roles[key as keyof typeof roles]);
      const lifetime = (claims.exp ?? 0) - Math.floor(Date.now() / 1000);
      expect(lifetime).toBeGreaterThan(12 * 3600 - 60);
      expect(lifetime).toBeLessThanOrEqual(12 * 3600);
    }
  });

  it('accepts the login in any letter case and records the time of the sign-in', async () => {
    const before = await findUserByLogin(server.app.db, DEMO_USERS.staff.login);
    const res = await login({ login: 'STAFF@Palco.Test', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const after = await findUserByLogin(server.app.db, DEMO_USERS.staff.login);
    expect(after?.last_login_at).toBeInstanceOf(Date);
    expect(after!.last_login_at!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    if (before?.last_login_at)
      expect(after!.last_login_at!.getTime()).toBeGreaterThanOrEqual(before.last_login_at.getTime());
  });

  it('answers a wrong password and an unknown login with the same 401', async () => {
    const wrong = await login({ login: DEMO_USERS.owner.login, password: 'nope-nope' });
    const unknown = await login({ login: 'nobody@palco.test', password: 'nope-nope' });
    expect(expectError(wrong, 401)).toBe('Usuário ou senha estão incorretos');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.headers['content-length']).toBe(wrong.headers['content-length']);
  });

  it('speaks English when Accept-Language asks for it', async () => {
    const res = await login(
      { login: DEMO_USERS.owner.login, password: 'nope-nope' },
      { 'accept-language': 'en-US,en;q=0.9' },
    );
    expect(expectError(res, 401)).toBe('User or password is incorrect');
  });

  it('spends the same argon2 work on unknown logins (no timing oracle)', async () => {
    const time = async (payload: object) => {
      const start = performance.now();
      await login(payload);
      return performance.now() - start;
    };
    // Warm up both paths once.
    await time({ login: 'ghost1@palco.test', password: 'x' });
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time({ login: DEMO_USERS.operator.login, password: `wrong-${i}` }));
      unknown.push(await time({ login: `ghost-${i}@palco.test`, password: `wrong-${i}` }));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
    // Without the dummy hash an unknown login would answer in a few ms against tens for a known one.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    // Clear operator's attempts for the later tests.
    await loginAs(server.app, DEMO_USERS.operator.login);
  });

  it.each([
    ['an empty body', {}, 'login', 'O campo é obrigatório'],
    ['no login', { password: DEMO_PASSWORD }, 'login', 'O campo é obrigatório'],
    ['an empty login', { login: '', password: DEMO_PASSWORD }, 'login', 'O campo é obrigatório'],
    [
      'a login that is no e-mail',
      { login: 'not-an-email', password: DEMO_PASSWORD },
      'login',
      'O formato do email não é válido',
    ],
    ['no password', { login: DEMO_USERS.owner.login }, 'password', 'O campo é obrigatório'],
    [
      'an empty password',
      { login: DEMO_USERS.owner.login, password: '' },
      'password',
      'O campo é obrigatório',
    ],
    ['a number as login', { login: 42, password: DEMO_PASSWORD }, 'login', 'Requisição inválida: login'],
    [
      'an array as password',
      { login: DEMO_USERS.owner.login, password: [DEMO_PASSWORD] },
      'password',
      'Requisição inválida: password',
    ],
    [
      'a 311-character login',
      { login: `${'a'.repeat(300)}@palco.test`, password: DEMO_PASSWORD },
      'login',
      'O tamanho máximo é 254',
    ],
    [
      'a 5000-character password',
      { login: DEMO_USERS.owner.login, password: 'x'.repeat(5000) },
      'password',
      'O tamanho máximo é 1024',
    ],
  ])('rejects %s with 400', async (_label, payload, field, message) => {
    const res = await login(payload);
    expect(expectError(res, 400)).toBe(message);
    expect(res.json().field).toBe(field);
  });

  it('gives the validation message in English too', async () => {
    const res = await login({ login: 'x', password: 'y' }, { 'accept-language': 'en' });
    expect(expectError(res, 400)).toBe('The e-mail format is not valid');
  });
});

describe('login rate limit', () => {
  it('answers 429 after 10 failures within 15 minutes, even with the right password', async () => {
    const { login: blocked } = DEMO_USERS.blocked;
    for (let i = 0; i < 10; i++) {
      const res = await login({ login: blocked, password: `guess-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const limited = await login({ login: blocked, password: DEMO_PASSWORD });
    expect(expectError(limited, 429)).toMatch(/^Muitas tentativas de login/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(13 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Limited attempts do not extend the lock, and other logins are not affected.
    expect((await login({ login: blocked, password: DEMO_PASSWORD })).statusCode).toBe(429);
    expect((await login({ login: DEMO_USERS.owner.login, password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('limits unknown logins the same way, so the limit reveals nothing', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await login({ login: 'intruder@palco.test', password: `guess-${i}` })).statusCode).toBe(401);
    }
    expectError(await login({ login: 'intruder@palco.test', password: 'guess' }), 429);
  });

  it('counts letter-case variants of a login as the same login', async () => {
    for (let i = 0; i < 10; i++) {
      const variant = i % 2 ? 'CaSe@Palco.Test' : 'case@palco.test';
      expect((await login({ login: variant, password: 'x' })).statusCode).toBe(401);
    }
    expectError(await login({ login: 'CASE@PALCO.TEST', password: 'x' }), 429);
  });

  it('starts counting again after a successful sign-in', async () => {
    const { login: operator } = DEMO_USERS.operator;
    for (let i = 0; i < 9; i++)
      expect((await login({ login: operator, password: 'bad' })).statusCode).toBe(401);
    expect((await login({ login: operator, password: DEMO_PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await login({ login: operator, password: 'bad' })).statusCode).toBe(401);
    expectError(await login({ login: operator, password: DEMO_PASSWORD }), 429);
  });

  it('lets no more than 10 parallel guesses through', async () => {
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => login({ login: 'parallel@palco.test', password: `p-${i}` })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(6);
  });
});
