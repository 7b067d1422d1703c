import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { SessionRow } from '../tables/sessions.ts';

export async function createSession(db: Executor, userId: string, expiresAt: Date): Promise<string> {
  const row = await db
    .insertInto('sessions')
    .values({ user_id: userId, expires_at: expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The user's session with that id, if it has not expired. */
export async function findSession(db: Executor, id: string, userId: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function setSessionTeam(db: Executor, id: string, accountId: string): Promise<void> {
  await db.updateTable('sessions').set({ selected_account_id: accountId }).where('id', '=', id).execute();
}

export async function purgeExpiredSessions(db: Executor): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', sql<Date>`now()`).execute();
}
