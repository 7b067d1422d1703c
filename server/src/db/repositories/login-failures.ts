import { sql } from 'kysely';
import type { Executor } from '../schema.ts';

/** Writes one attempt and returns its id (see LoginFailuresTable for why before the check). */
export async function recordLoginAttempt(db: Executor, login: string): Promise<string> {
  const row = await db
    .insertInto('login_failures')
    .values({ login })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function forgetLoginAttempt(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', id).execute();
}

/** Attempts of a login within the window, and when the oldest of them leaves it. */
export async function countLoginAttempts(
  db: Executor,
  login: string,
  windowMinutes: number,
): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('login_failures')
    .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`min(at)`.as('oldest')])
    .where('login', '=', login)
    .where('at', '>', sql<Date>`now() - make_interval(mins => ${windowMinutes})`)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : new Date(row.oldest) };
}

export async function clearLoginAttempts(db: Executor, login: string): Promise<void> {
  await db.deleteFrom('login_failures').where('login', '=', login).execute();
}

/** Drops rows that no window can count any more. */
export async function purgeStaleLoginAttempts(db: Executor, olderThanMinutes: number): Promise<number> {
  const result = await db
    .deleteFrom('login_failures')
    .where('at', '<', sql<Date>`now() - make_interval(mins => ${olderThanMinutes})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One attempt from a client address (see LoginAddressAttemptsTable); returns its id. */
export async function recordAddressAttempt(db: Executor, address: string): Promise<string> {
  const row = await db
    .insertInto('login_address_attempts')
    .values({ address })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function forgetAddressAttempt(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('login_address_attempts').where('id', '=', id).execute();
}

/** Attempts from an address within the window, and when the oldest of them leaves it. */
export async function countAddressAttempts(
  db: Executor,
  address: string,
  windowMinutes: number,
): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('login_address_attempts')
    .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`min(at)`.as('oldest')])
    .where('address', '=', address)
    .where('at', '>', sql<Date>`now() - make_interval(mins => ${windowMinutes})`)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : new Date(row.oldest) };
}

/** Drops address rows that no window can count any more. */
export async function purgeStaleAddressAttempts(db: Executor, olderThanMinutes: number): Promise<number> {
  const result = await db
    .deleteFrom('login_address_attempts')
    .where('at', '<', sql<Date>`now() - make_interval(mins => ${olderThanMinutes})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
