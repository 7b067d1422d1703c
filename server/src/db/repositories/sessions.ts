import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { SessionRow } from '../tables/sessions.ts';
import type { UserRow } from '../tables/users.ts';

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
