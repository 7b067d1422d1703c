import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { PasswordResetRow } from '../tables/password-resets.ts';

export async function createPasswordReset(
  db: Executor,
  { userId, secretHash, ttlMinutes }: { userId: string; secretHash: string; ttlMinutes: number },
): Promise<string> {
  const row = await db
    .insertInto('password_resets')
    .values({
      user_id: userId,
      secret_hash: secretHash,
      expires_at: sql<Date>`now() + make_interval(mins => ${ttlMinutes})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countRecentPasswordResets(
  db: Executor,
  userId: string,
  minutes: number,
): Promise<number> {
  const row = await db
    .selectFrom('password_resets')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findPasswordReset(db: Executor, id: string): Promise<PasswordResetRow | undefined> {
  return db.selectFrom('password_resets').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Marks a link used if it still is usable. The condition sits in the UPDATE itself, so of two
 * concurrent uses only one gets `true`.
 */
export async function consumePasswordReset(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .updateTable('password_resets')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** After a successful reset every other open link of the user stops working too. */
export async function voidOpenPasswordResets(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** For tests and operators: makes a link look as if it had been issued long ago. */
export async function expirePasswordReset(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
    .where('id', '=', id)
    .execute();
}
