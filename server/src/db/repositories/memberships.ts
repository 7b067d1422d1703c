import { sql } from 'kysely';
import type { Executor } from '../schema.ts';

/** A user's team with the role held there: what `/bff/me` and `/v1/teams` are made of. */
export interface MembershipView {
  accountId: string;
  accountName: string;
  accountThumbnail: string | null;
  accountBlocked: boolean;
  accountCreatedAt: Date;
  clientId: string;
  clientName: string;
  roleId: string;
  roleName: string;
  permissions: string[];
}

export async function listMembershipsOfUser(db: Executor, userId: string): Promise<MembershipView[]> {
  return db
    .selectFrom('memberships as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .innerJoin('clients as c', 'c.id', 'a.client_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .where('m.user_id', '=', userId)
    .select([
      'a.id as accountId',
      'a.name as accountName',
      'a.thumbnail as accountThumbnail',
      'a.blocked as accountBlocked',
      'a.created_at as accountCreatedAt',
      'c.id as clientId',
      'c.name as clientName',
      'r.id as roleId',
      'r.name as roleName',
      'r.permissions as permissions',
    ])
    .orderBy('a.name')
    .orderBy('a.id')
    .execute();
}

/** What an open account socket was authorized with (routes/realtime/connection.ts). */
export interface SocketGrant {
  userId: string;
  sessionId: string;
}

/**
 * For the open sockets of an instance, in two queries whatever their number: the current token version
 * of each live session (a missing entry: the session ended or expired), and every user's role per team
 * (`roleId` and permissions), so each socket can compare with what its hello was given.
 */
export async function currentSocketGrants(
  db: Executor,
  grants: readonly SocketGrant[],
): Promise<{
  tokenVersionBySession: Map<string, number>;
  rolesByUser: Map<string, Map<string, { roleId: string; permissions: string[] }>>;
}> {
  const sessionIds = [...new Set(grants.map((g) => g.sessionId))];
  const userIds = [...new Set(grants.map((g) => g.userId))];
  if (sessionIds.length === 0) return { tokenVersionBySession: new Map(), rolesByUser: new Map() };
  const [sessions, roles] = await Promise.all([
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id as sessionId', 'u.token_version as tokenVersion'])
      .where('s.id', 'in', sessionIds)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .execute(),
    db
      .selectFrom('memberships as m')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .select([
        'm.user_id as userId',
        'm.account_id as accountId',
        'r.id as roleId',
        'r.permissions as permissions',
      ])
      .where('m.user_id', 'in', userIds)
      .execute(),
  ]);
  const rolesByUser = new Map<string, Map<string, { roleId: string; permissions: string[] }>>();
  for (const row of roles) {
    const byAccount = rolesByUser.get(row.userId) ?? new Map();
    byAccount.set(row.accountId, { roleId: row.roleId, permissions: row.permissions });
    rolesByUser.set(row.userId, byAccount);
  }
  return {
    tokenVersionBySession: new Map(sessions.map((s) => [s.sessionId, s.tokenVersion])),
    rolesByUser,
  };
}
