import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expirePasswordReset, findPasswordReset } from '../src/db/repositories/password-resets.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/db/seed.ts';
import { bearer, expectError, loginAs, PUBLIC_URL, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const mailDir = () => join(server.config.dataDir, 'mail');

async function mailFiles(to?: string): Promise<string[]> {
  await server.app.backgroundIdle();
  const files = await readdir(mailDir()).catch(() => [] as string[]);
  return files.filter((f) => f.endsWith('.eml') && (!to || f.endsWith(`-${to}.eml`))).sort();
}

const qpBytes = (text: string) =>
  Buffer.from(
    text.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Reads the subject and the quoted-printable text of a mail as nodemailer writes it. */
function parseMail(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const subjectLine = head.match(/^Subject: (.*)$/m)?.[1] ?? '';
  const subject = subjectLine.replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, word: string) =>
    qpBytes(word.replace(/_/g, ' ')),
  );
  const text = qpBytes(rest.join('\n\n').replace(/=\r?\n/g, ''));
  return { subject, text };
}

interface Link {
  email: string;
  token: string;
  hash: string;
  url: URL;
}

async function requestLink(
  email: string,
  extra: Record<string, string> = {},
): Promise<{ link: Link; text: string; subject: string }> {
  const before = await mailFiles(email.toLowerCase());
  const res = await server.app.inject({
    method: 'POST',
    url: '/bff/forget-password/send-email',
    payload: { email, ...extra },
  });
  expect(res.statusCode).toBe(202);
  const after = await mailFiles(email.toLowerCase());
  const added = after.filter((f) => !before.includes(f));
  expect(added).toHaveLength(1);
  const raw = await readFile(join(mailDir(), added[0]!), 'utf8');
  const { subject, text } = parseMail(raw);
  const match = text.match(/https?:\/\/\S+\/auth\/recover-password\/new\?\S+/);
  expect(match).not.toBeNull();
  const url = new URL(match![0]);
  return {
    text,
    subject,
    link: {
      url,
      email: url.searchParams.get('email')!,
      token: url.searchParams.get('token')!,
      hash: url.searchParams.get('hash')!,
    },
  };
}

const update = (payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/bff/forget-password/update-password',
    payload: payload as object,
    headers,
  });

describe('POST /bff/forget-password/send-email', () => {
  it('answers known and unknown addresses alike, and mails only the known one', async () => {
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/bff/forget-password/send-email',
      payload: { email: 'nobody@palco.test' },
    });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ ok: true });
    expect(await mailFiles('nobody@palco.test')).toEqual([]);

    const { link, text, subject } = await requestLink('OWNER@palco.test');
    expect(link.url.origin + link.url.pathname).toBe(`${PUBLIC_URL}/auth/recover-password/new`);
    expect(link.email).toBe('owner@palco.test');
    expect(link.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(link.hash.length).toBeGreaterThanOrEqual(40);
    expect(subject).toBe('Palco: recuperação de senha');
    expect(text).toContain('Olá, Olívia Dona.');
    expect(text).toContain('30 minutos');
  });

  it('keeps the mail private and stores only a hash of the secret', async () => {
    const { link } = await requestLink(DEMO_USERS.staff.login);
    const [file] = (await mailFiles(DEMO_USERS.staff.login)).slice(-1);
    expect((await stat(join(mailDir(), file!))).mode & 0o077).toBe(0);
    const row = await findPasswordReset(server.app.db, link.token);
    expect(row?.secret_hash).toBe(createHash('sha256').update(link.hash).digest('hex'));
    expect(row?.secret_hash).not.toContain(link.hash);
  });

  it('writes the mail in English when locale is en', async () => {
    const { text, subject } = await requestLink(DEMO_USERS.staff.login, { locale: 'en' });
    expect(subject).toBe('Palco: reset your password');
    expect(text).toContain('Hello, Equipe Palco.');
  });

  it('rejects a malformed address with 400', async () => {
    for (const [payload, message] of [
      [{ email: 'owner' }, 'O formato do email não é válido'],
      [{ email: '' }, 'O campo é obrigatório'],
      [{}, 'O campo é obrigatório'],
      [{ email: ['owner@palco.test'] }, 'Requisição inválida: email'],
    ] as const) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/bff/forget-password/send-email',
        payload,
      });
      expect(expectError(res, 400)).toBe(message);
    }
  });

  it('sends at most 5 mails per address and hour, answering alike', async () => {
    const email = DEMO_USERS.blocked.login;
    for (let i = 0; i < 7; i++) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/bff/forget-password/send-email',
        payload: { email },
      });
      expect(res.statusCode).toBe(202);
    }
    expect(await mailFiles(email)).toHaveLength(5);
  });
});

describe('POST /bff/forget-password/update-password', () => {
  it('sets the new password once, revokes old tokens, and refuses a second use', async () => {
    const oldToken = await loginAs(server.app, DEMO_USERS.operator.login);
    const { link } = await requestLink(DEMO_USERS.operator.login);
    const payload = { email: link.email, token: link.token, hash: link.hash, newPassword: 'nova-senha1' };

    const res = await update(payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    // The old password and every token issued with it stop working.
    const old = await server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { login: DEMO_USERS.operator.login, password: DEMO_PASSWORD },
    });
    expectError(old, 401);
    expectError(await server.app.inject({ method: 'GET', url: '/bff/me', headers: bearer(oldToken) }), 401);
    const fresh = await loginAs(server.app, DEMO_USERS.operator.login, 'nova-senha1');
    expect(
      (await server.app.inject({ method: 'GET', url: '/bff/me', headers: bearer(fresh) })).statusCode,
    ).toBe(200);

    const second = await update({ ...payload, newPassword: 'outra-senha' });
    expect(expectError(second, 400)).toBe('O link de recuperação de senha é inválido ou expirou');
    await loginAs(server.app, DEMO_USERS.operator.login, 'nova-senha1');
  });

  it('refuses an expired link', async () => {
    const { link } = await requestLink(DEMO_USERS.staff.login);
    await expirePasswordReset(server.app.db, link.token);
    const res = await update({ email: link.email, token: link.token, hash: link.hash, newPassword: 'abcd' });
    expectError(res, 400);
    await loginAs(server.app, DEMO_USERS.staff.login, DEMO_PASSWORD);
  });

  it('voids the other open links of the user after a reset', async () => {
    const first = (await requestLink(DEMO_USERS.staff.login)).link;
    const second = (await requestLink(DEMO_USERS.staff.login)).link;
    const ok = await update({ ...second, url: undefined, newPassword: 'staff-nova' });
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await update({
      email: first.email,
      token: first.token,
      hash: first.hash,
      newPassword: 'outra',
    });
    expectError(stale, 400);
  });

  it('refuses a wrong secret, another address and an unknown or malformed token', async () => {
    const { link } = await requestLink(DEMO_USERS.owner.login);
    const base = { email: link.email, token: link.token, hash: link.hash, newPassword: 'abcd1234' };
    for (const payload of [
      // The last character changed (to another one: it may already be 'A').
      { ...base, hash: `${link.hash.slice(0, -1)}${link.hash.endsWith('A') ? 'B' : 'A'}` },
      { ...base, email: DEMO_USERS.staff.login },
      { ...base, token: 'b0000000-0000-4000-8000-000000000000' },
      { ...base, token: 'not-a-token' },
    ]) {
      expect(expectError(await update(payload), 400)).toBe(
        'O link de recuperação de senha é inválido ou expirou',
      );
    }
    expect(expectError(await update({ ...base, token: 'x' }, { 'accept-language': 'en' }), 400)).toBe(
      'The password recovery link is invalid or has expired',
    );
    // None of these used the link up.
    expect((await update(base)).statusCode).toBe(200);
  });

  it('checks the new password is 4 to 16 characters', async () => {
    const { link } = await requestLink(DEMO_USERS.owner.login);
    const base = { email: link.email, token: link.token, hash: link.hash };
    const short = await update({ ...base, newPassword: 'abc' });
    expect(expectError(short, 400)).toBe('O tamanho minimo é 4');
    expect(short.json().field).toBe('newPassword');
    expect(expectError(await update({ ...base, newPassword: 'a'.repeat(17) }), 400)).toBe(
      'O tamanho máximo é 16',
    );
    expect(expectError(await update({ ...base }), 400)).toBe('O campo é obrigatório');
    expect(expectError(await update({ ...base, newPassword: 'abc' }, { 'accept-language': 'en' }), 400)).toBe(
      'The minimum length is 4',
    );
    // Rejected input does not use the link up either.
    expect((await update({ ...base, newPassword: 'a'.repeat(16) })).statusCode).toBe(200);
  });

  it('lifts the login lock after a reset', async () => {
    // The owner has used 3 of the 5 mails of the hour in the tests above.
    const email = DEMO_USERS.owner.login;
    for (let i = 0; i < 11; i++) {
      await server.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { login: email, password: 'x' },
      });
    }
    const locked = await server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { login: email, password: 'a'.repeat(16) },
    });
    expectError(locked, 429);
    const { link } = await requestLink(email);
    expect(
      (await update({ email, token: link.token, hash: link.hash, newPassword: 'destravado' })).statusCode,
    ).toBe(200);
    await loginAs(server.app, email, 'destravado');
  });
});
