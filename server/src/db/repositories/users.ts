import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { UserRow } from '../tables/users.ts';

export async function findUserByLogin(db: Executor, login: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('login', '=', login.toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function recordLogin(db: Executor, id: string): Promise<void> {
  await db.updateTable('users').set({ last_login_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

/** Every token issued before this call stops being accepted. */
export async function revokeTokens(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Changes the password and, in the same statement, revokes every token issued with the old one. */
export async function setPassword(db: Executor, id: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Holds the user's row until the transaction ends: serialises per-user checks such as mail throttling. */
export async function lockUser(trx: Executor, id: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
}

export async function setUserName(db: Executor, id: string, name: string): Promise<void> {
  await db.updateTable('users').set({ name }).where('id', '=', id).execute();
}

/** Sets the user's avatar under a row lock; answers the one it replaced. */
export async function replaceAvatar(trx: Executor, id: string, url: string): Promise<string | null> {
  const row = await trx
    .selectFrom('users')
    .select('avatar')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  await trx.updateTable('users').set({ avatar: url }).where('id', '=', id).execute();
  return row.avatar;
}

/** Creates the user unless the login exists (then undefined: someone took it a moment ago). */
export async function insertUserIfNew(
  db: Executor,
  user: {
    login: string;
    name: string;
    passwordHash: string;
    defaultAccountId: string | null;
  },
): Promise<UserRow | undefined> {
  return db
    .insertInto('users')
    .values({
      login: user.login,
      name: user.name,
      avatar: null,
      password_hash: user.passwordHash,
      default_account_id: user.defaultAccountId,
      root_directory: null,
      last_login_at: null,
    })
    .onConflict((oc) => oc.column('login').doNothing())
    .returningAll()
    .executeTakeFirst();
}
