import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { SessionRow } from '../tables/sessions.ts';
import type { UserRow } from '../tables/users.ts';
import type { MembershipView } from './memberships.ts';

export async function createSession(db: Executor, userId: string, expiresAt: Date): Promise<string> {
  const row = await db
    .insertInto('sessions')
    .values({ user_id: userId, expires_at: expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setSessionTeam(db: Executor, id: string, accountId: string): Promise<void> {
  await db.updateTable('sessions').set({ selected_account_id: accountId }).where('id', '=', id).execute();
}

export async function purgeExpiredSessions(db: Executor): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', sql<Date>`now()`).execute();
}

/** A request's user and their unexpired session in one round trip (every authenticated call asks). */
export async function findUserAndSession(
  db: Executor,
  userId: string,
  sessionId: string,
): Promise<{ user: UserRow; session: Pick<SessionRow, 'id' | 'selected_account_id'> } | undefined> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('sessions as s', 's.user_id', 'u.id')
    .selectAll('u')
    .select(['s.id as session_id', 's.selected_account_id as session_selected_account_id'])
    .where('u.id', '=', userId)
    .where('s.id', '=', sessionId)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_selected_account_id, ...user } = row;
  return { user, session: { id: session_id, selected_account_id: session_selected_account_id } };
}

/** What a signed-in request needs to know about its caller (`findSessionAuth`). */
export interface SessionAuth {
  user: UserRow;
  session: Pick<SessionRow, 'id' | 'selected_account_id' | 'expires_at'>;
  memberships: MembershipView[];
}

/**
 * The user, their unexpired session and their teams (`listMembershipsOfUser`'s rows, in its order) in
 * one query: what every signed-in request needs before anything else, so one round trip instead of
 * two (a query's cost on this server is mostly its send and parse; docs/server.md "Where a request's
 * time goes"). Each instance keeps the answer in memory (services/session-cache.ts), dropped by the
 * database's notifications (docs/server.md "Sessions cached per instance").
 */
export async function findSessionAuth(
  db: Executor,
  userId: string,
  sessionId: string,
): Promise<SessionAuth | undefined> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('sessions as s', 's.user_id', 'u.id')
    .selectAll('u')
    .select([
      's.id as session_id',
      's.selected_account_id as session_selected_account_id',
      's.expires_at as session_expires_at',
    ])
    .select(
      sql<MembershipJson[]>`(
        select coalesce(json_agg(json_build_object(
          'accountId', a.id, 'accountName', a.name, 'accountThumbnail', a.thumbnail,
          'accountBlocked', a.blocked, 'accountCreatedAt', a.created_at, 'clientId', c.id,
          'clientName', c.name, 'roleId', r.id, 'roleName', r.name, 'permissions', r.permissions
        ) order by a.name, a.id), '[]'::json)
        from memberships m
        join accounts a on a.id = m.account_id
        join clients c on c.id = a.client_id
        join roles r on r.id = m.role_id
        where m.user_id = u.id
      )`.as('session_memberships'),
    )
    .where('u.id', '=', userId)
    .where('s.id', '=', sessionId)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_selected_account_id, session_expires_at, session_memberships, ...user } = row;
  return {
    user,
    session: {
      id: session_id,
      selected_account_id: session_selected_account_id,
      expires_at: session_expires_at,
    },
    // JSON carries the creation time as text: a Date again, as the pg driver gives it elsewhere.
    memberships: session_memberships.map((m) => ({ ...m, accountCreatedAt: new Date(m.accountCreatedAt) })),
  };
}

type MembershipJson = Omit<MembershipView, 'accountCreatedAt'> & { accountCreatedAt: string };
