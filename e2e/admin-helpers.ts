import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO_PASSWORD, E2E_DATA_DIR } from './support/env';

/** The body of an .eml file, decoded (nodemailer picks quoted-printable or base64). */
function mailBody(eml: string): string {
  const split = eml.indexOf('\n\n');
  const headers = eml.slice(0, split).toLowerCase();
  const body = eml.slice(split + 2);
  if (headers.includes('content-transfer-encoding: base64'))
    return Buffer.from(body, 'base64').toString('utf8');
  if (headers.includes('content-transfer-encoding: quoted-printable')) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Waits for the invitation mail to `address` (the mail folder: the e2e server has no SMTP) and answers
 * its link's path. */
export async function invitationLinkFor(address: string): Promise<string> {
  const folder = join(E2E_DATA_DIR, 'mail');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(folder).catch(() => [] as string[])).filter(
          (n) => n.endsWith('.eml') && n.includes(address),
        );
        const dated = await Promise.all(
          names.map(async (name) => ({ name, at: (await stat(join(folder, name))).mtimeMs })),
        );
        const newest = dated.sort((a, b) => b.at - a.at)[0];
        if (!newest) return undefined;
        const text = mailBody((await readFile(join(folder, newest.name), 'utf8')).replace(/\r\n/g, '\n'));
        const url = text.match(/https?:\/\/\S+\/auth\/invite\/[A-Za-z0-9_-]+/)?.[0];
        link = url ? new URL(url).pathname : undefined;
        return link;
      },
      { timeout: 15_000, message: `an invitation mail to ${address}` },
    )
    .toBeTruthy();
  return link!;
}

/** The owner's API, for the set-up and clean-up around what the specs drive through the UI. */
export async function ownerApi(request: APIRequestContext, login: string, accountId: string) {
  const res = await request.post('/api/user/login', { data: { login, password: DEMO_PASSWORD } });
  const { Token } = (await res.json()) as { Token: string };
  const headers = { authorization: `Bearer ${Token}` };
  const q = `accountId=${accountId}`;
  return {
    async createRole(name: string, permissions: string[]): Promise<string> {
      const r = await request.post(`/v1/roles?${q}`, { headers, data: { name, permissions } });
      expect(r.status(), await r.text()).toBe(201);
      return ((await r.json()) as { id: string }).id;
    },
    async userId(email: string): Promise<string | undefined> {
      const r = await request.get(`/v1/users?${q}&search=${encodeURIComponent(email)}`, { headers });
      const body = (await r.json()) as { items: Array<{ id: string; email: string }> };
      return body.items.find((u) => u.email === email)?.id;
    },
    async removeUser(id: string) {
      await request.delete(`/v1/users/${id}?${q}`, { headers });
    },
    async deleteRole(id: string) {
      await request.delete(`/v1/roles/${id}?${q}`, { headers });
    },
  };
}
