import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/db/seed.ts';
import { startSmtpServer } from './fakes/smtp.ts';
import { PUBLIC_URL, startTestServer, type TestServer } from './helpers.ts';

// With SMTP_URL set, mail goes out through nodemailer's SMTP client (docs/deployment.md): a recovery
// mail reaches the relay with its sender, recipient, subject and link, and nothing is written to the
// mail folder. The other tests run without SMTP_URL and read that folder instead.
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ smtpUrl: smtp.url, mailFrom: 'Palco <no-reply@palco.test>' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('mail through SMTP', () => {
  it('a password recovery mail reaches the SMTP relay, with its link', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/bff/forget-password/send-email',
      payload: { email: DEMO_USERS.staff.login },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    for (let i = 0; i < 100 && smtp.mails.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail!.from).toBe('no-reply@palco.test');
    expect(mail!.to).toEqual([DEMO_USERS.staff.login]);
    expect(mail!.data).toMatch(/^From: Palco <no-reply@palco\.test>$/m);
    expect(mail!.data).toMatch(new RegExp(`^To: ${DEMO_USERS.staff.login.replace('.', '\\.')}$`, 'm'));
    // The body is quoted-printable: soft line breaks undone, `=3D` back to `=`.
    const body = mail!.data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain(`${PUBLIC_URL}/auth/recover-password/new?`);
    await expect(readdir(join(server.config.dataDir, 'mail'))).rejects.toThrow();
  });
});
