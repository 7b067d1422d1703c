import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import { createTeam } from './admin-helpers.ts';
import { bearer, expectError, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let n = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (url: string, payload: object, token?: string, lang = 'pt-BR') =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': lang },
    payload,
  });

/** The 6 digits an authenticator app shows `offsetSteps` periods from now. */
const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

type LoginAnswer = { Token?: string; twoFactor?: { challenge: string; expiresIn: number } };
const passwordStep = async (login: string, password = 'palco123') => {
  const res = await post('/api/user/login', { login, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LoginAnswer>();
};
const alive = async (token: string) =>
  (await server.app.inject({ method: 'GET', url: '/bff/me', headers: bearer(token) })).statusCode;

/** A user of a team of their own, signed in (password step only: no second factor yet). */
async function newMember() {
  const login = `dois-fatores-${++n}@palco.test`;
  await createTeam(server.app, {
    name: `Dois fatores ${n}`,
    clientId: DEMO_ACCOUNTS.demoProducoes.clientId,
    roles: { leitor: ['showVOD'] },
    members: [{ login, role: 'leitor' }],
  });
  const token = (await passwordStep(login)).Token!;
  return { login, token };
}

/** A user of a team of their own, signed in, with two-factor sign-in on (confirmed with the current step). */
async function userWith2fa() {
  const { login, token } = await newMember();
  const setup = await post('/v1/me/2fa/setup', {}, token);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, uri, qr } = setup.json<{ secret: string; uri: string; qr: string }>();
  expect(uri).toMatch(/^otpauth:\/\/totp\/Palco:/);
  expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
  const enable = await post('/v1/me/2fa/enable', { code: codeAt(secret) }, token);
  expect(enable.statusCode, enable.body).toBe(200);
  const { recoveryCodes } = enable.json<{ recoveryCodes: string[] }>();
  return { login, token, secret, recoveryCodes };
}

const events = async (login: string) =>
  (
    await server.app.db.selectFrom('activity_logs').select('event').where('identifier', '=', login).execute()
  ).map((r) => r.event);

describe('two-factor sign-in', () => {
  it('set up needs a right code; then the password alone gives no session, the code does', async () => {
    const { login, token } = await newMember();
    expect(expectError(await post('/v1/me/2fa/enable', { code: '123456' }, token), 409)).toBe(
      'Comece a configuração da verificação em duas etapas primeiro',
    );
    const { secret } = (await post('/v1/me/2fa/setup', {}, token)).json<{ secret: string }>();
    const wrong = codeAt(secret) === '000000' ? '111111' : '000000';
    expect(expectError(await post('/v1/me/2fa/enable', { code: wrong }, token, 'en'), 400)).toBe(
      'The verification code is wrong or already used',
    );
    // Not on yet: the password still signs in by itself (a session that works, with no challenge).
    const before = await passwordStep(login);
    expect(before.twoFactor).toBeUndefined();
    expect(await alive(before.Token ?? '')).toBe(200);

    const used = codeAt(secret);
    const enable = await post('/v1/me/2fa/enable', { code: used }, token);
    expect(enable.statusCode, enable.body).toBe(200);
    const codes = enable.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(new Set(codes).size).toBe(10);
    expectError(await post('/v1/me/2fa/setup', {}, token), 409);
    // The secret is not kept in the clear.
    const row = await server.app.db
      .selectFrom('users')
      .select(['totp_secret', 'totp_recovery_hashes'])
      .where('login', '=', login)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);
    expect(row.totp_recovery_hashes.some((h) => codes.includes(h))).toBe(false);

    const first = await passwordStep(login);
    expect(first.Token).toBeUndefined();
    const challenge = first.twoFactor!.challenge;
    expect(first.twoFactor!.expiresIn).toBe(300);
    // The challenge is no session token.
    expect(await alive(challenge)).toBe(401);
    // The code that turned it on was used already.
    expectError(await post('/api/user/login/2fa', { challenge, code: used }), 401);
    // One step of clock drift is allowed.
    const next = codeAt(secret, 1);
    const ok = await post('/api/user/login/2fa', { challenge, code: next });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await alive(ok.json<{ Token: string }>().Token)).toBe(200);
    // The same code again (a replay) is refused, even with a fresh challenge.
    const again = (await passwordStep(login)).twoFactor!.challenge;
    expect(expectError(await post('/api/user/login/2fa', { challenge: again, code: next }), 401)).toBe(
      'Código de verificação inválido ou já usado',
    );
    // Too far off the clock.
    expectError(await post('/api/user/login/2fa', { challenge: again, code: codeAt(secret, 3) }), 401);
    expect(await events(login)).toEqual(expect.arrayContaining(['DOIS_FATORES_ATIVADO', 'LOGIN_REALIZADO']));
  });

  it('a recovery code signs in once, whatever its case and dashes', async () => {
    const { login, recoveryCodes } = await userWith2fa();
    const code = recoveryCodes[0]!;
    const challenge = (await passwordStep(login)).twoFactor!.challenge;
    const typed = code.replaceAll('-', '').toLowerCase();
    const ok = await post('/api/user/login/2fa', { challenge, code: typed });
    expect(ok.statusCode, ok.body).toBe(200);
    expectError(await post('/api/user/login/2fa', { challenge, code }), 401);
    const other = await post('/api/user/login/2fa', { challenge, code: recoveryCodes[1]! });
    expect(other.statusCode, other.body).toBe(200);
    const status = await server.app.inject({
      method: 'GET',
      url: '/v1/me/2fa',
      headers: bearer(other.json<{ Token: string }>().Token),
    });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 8 });
  });

  it('wrong codes count with wrong passwords: past 10 in 15 minutes even the right code gets 429', async () => {
    const { login, secret } = await userWith2fa();
    const challenge = (await passwordStep(login)).twoFactor!.challenge;
    const right = codeAt(secret, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    // The password step counted one attempt: nine wrong codes reach the limit of ten.
    for (let i = 0; i < 9; i++)
      expectError(await post('/api/user/login/2fa', { challenge, code: wrong }), 401);
    const locked = await post('/api/user/login/2fa', { challenge, code: right });
    expectError(locked, 429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await events(login)).toContain('LOGIN_RECUSADO');
  });

  it('a forged challenge, or one from before a password change, is refused', async () => {
    const { login, token, secret } = await userWith2fa();
    const challenge = (await passwordStep(login)).twoFactor!.challenge;
    const [head, body] = challenge.split('.');
    expectError(
      await post('/api/user/login/2fa', { challenge: `${head}.${body}.forged`, code: '123456' }),
      401,
    );
    // A session token is no challenge either.
    expectError(await post('/api/user/login/2fa', { challenge: token, code: codeAt(secret, 1) }), 401);
    const changed = await post(
      '/v1/me/password',
      { currentPassword: 'palco123', newPassword: 'nova1234' },
      token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expectError(await post('/api/user/login/2fa', { challenge, code: codeAt(secret, 1) }), 401);
  });

  it('turning it off needs the current password and a code; then the password signs in alone', async () => {
    const { login, token, secret } = await userWith2fa();
    const code = codeAt(secret, 1);
    expect(
      expectError(await post('/v1/me/2fa/disable', { currentPassword: 'errada', code }, token), 400),
    ).toBe('A senha atual está incorreta');
    const wrong = code === '000000' ? '111111' : '000000';
    expectError(await post('/v1/me/2fa/disable', { currentPassword: 'palco123', code: wrong }, token), 400);
    const off = await post('/v1/me/2fa/disable', { currentPassword: 'palco123', code }, token);
    expect(off.statusCode, off.body).toBe(200);
    const after = await passwordStep(login);
    expect(after.twoFactor).toBeUndefined();
    expect(await alive(after.Token ?? '')).toBe(200);
    expect(await events(login)).toContain('DOIS_FATORES_DESATIVADO');
  });
});
