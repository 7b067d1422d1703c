import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { hashPassword } from '../src/lib/password.ts';
import type { Permission } from '../src/permissions.ts';
import { bearer, type TestServer } from './helpers.ts';

/** The mails written to an address so far (the mail folder: no SMTP_URL in tests), body decoded. */
export async function mailsTo(server: TestServer, to: string): Promise<string[]> {
  await server.app.backgroundIdle();
  const folder = join(server.config.dataDir, 'mail');
  const files = (await readdir(folder).catch(() => [] as string[]))
    .filter((f) => f.endsWith(`-${to}.eml`))
    .sort();
  const texts: string[] = [];
  for (const file of files) {
    // Quoted-printable: soft line breaks joined, =XX bytes decoded as UTF-8.
    const raw = (await readFile(join(folder, file), 'utf8')).replace(/=\r?\n/g, '');
    const bytes = raw.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    texts.push(Buffer.from(bytes, 'latin1').toString('utf8'));
  }
  return texts;
}

/** The invitation links mailed to an address so far, oldest first. */
export async function invitationLinks(server: TestServer, to: string): Promise<string[]> {
  return (await mailsTo(server, to)).flatMap((text) => {
    const match = text.match(/\/auth\/invite\/([A-Za-z0-9_-]+)/);
    return match ? [match[1]!] : [];
  });
}

/** The token of the last invitation mailed to the address. */
export async function lastInvitation(server: TestServer, to: string): Promise<string> {
  const tokens = await invitationLinks(server, to);
  expect(tokens.length).toBeGreaterThan(0);
  return tokens.at(-1)!;
}

export interface TestTeam {
  accountId: string;
  roles: Record<string, string>;
  users: Record<string, string>;
}

/**
 * A team of the demo client of its own, with roles and members (password `palco123`), so a test can
 * shape who manages whom without touching the demo data other tests read.
 */
export async function createTeam(
  app: FastifyInstance,
  spec: {
    name: string;
    clientId: string;
    roles: Record<string, Permission[]>;
    members: Array<{ login: string; role: string; canManageTeamsUsers?: boolean }>;
  },
): Promise<TestTeam> {
  const db = app.db;
  const account = await db
    .insertInto('accounts')
    .values({ client_id: spec.clientId, name: spec.name, thumbnail: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const roles: Record<string, string> = {};
  for (const [name, permissions] of Object.entries(spec.roles)) {
    const row = await db
      .insertInto('roles')
      .values({ account_id: account.id, name, permissions })
      .returning('id')
      .executeTakeFirstOrThrow();
    roles[name] = row.id;
  }
  const users: Record<string, string> = {};
  const hash = await hashPassword('palco123');
  for (const member of spec.members) {
    const user = await db
      .insertInto('users')
      .values({
        login: member.login,
        name: member.login.split('@')[0]!,
        avatar: null,
        password_hash: hash,
        can_manage_teams_users: member.canManageTeamsUsers ?? false,
        manage_users_client_id: member.canManageTeamsUsers ? spec.clientId : null,
        default_account_id: account.id,
        root_directory: null,
        last_login_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    users[member.login] = user.id;
    await db
      .insertInto('memberships')
      .values({ user_id: user.id, account_id: account.id, role_id: roles[member.role]! })
      .execute();
  }
  return { accountId: account.id, roles, users };
}

/** The event codes logged in a team, newest first. */
export async function loggedEvents(
  app: FastifyInstance,
  token: string,
  accountId: string,
): Promise<string[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/v1/logs?accountId=${accountId}&limit=50`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Array<{ event: string }> }>().items.map((i) => i.event);
}
