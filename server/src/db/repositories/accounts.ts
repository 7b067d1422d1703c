import { likePattern } from '../plain-search.ts';
import type { Executor } from '../schema.ts';

/** An account with the client it belongs to, as the routes show it. */
export interface AccountView {
  id: string;
  name: string;
  thumbnail: string | null;
  blocked: boolean;
  createdAt: Date;
  clientId: string;
  clientName: string;
}

function accountsWithClient(db: Executor) {
  return db
    .selectFrom('accounts as a')
    .innerJoin('clients as c', 'c.id', 'a.client_id')
    .select([
      'a.id as id',
      'a.name as name',
      'a.thumbnail as thumbnail',
      'a.blocked as blocked',
      'a.created_at as createdAt',
      'c.id as clientId',
      'c.name as clientName',
    ]);
}

export async function findAccountById(db: Executor, id: string): Promise<AccountView | undefined> {
  return accountsWithClient(db).where('a.id', '=', id).executeTakeFirst();
}

/** Every account's id (the daily usage run visits them all). */
export async function listAccountIds(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('accounts').select('id').execute();
  return rows.map((r) => r.id);
}

/** Every account, for staff, optionally filtered by a case-insensitive part of the name. */
export async function searchAccounts(
  db: Executor,
  { search, limit }: { search?: string | undefined; limit: number },
): Promise<AccountView[]> {
  let query = accountsWithClient(db);
  if (search) query = query.where('a.name', 'ilike', likePattern(search));
  return query.orderBy('a.name').orderBy('a.id').limit(limit).execute();
}

/** Accounts of one client; with `memberUserId` only those that user is a member of. */
export async function listAccountsOfClient(
  db: Executor,
  clientId: string,
  memberUserId?: string,
): Promise<AccountView[]> {
  let query = accountsWithClient(db).where('a.client_id', '=', clientId);
  if (memberUserId !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('memberships as m')
          .select('m.account_id')
          .whereRef('m.account_id', '=', 'a.id')
          .where('m.user_id', '=', memberUserId),
      ),
    );
  }
  return query.orderBy('a.name').orderBy('a.id').execute();
}

/** Blocks or unblocks every team of a client; answers the teams whose state changed. */
export async function setClientBlocked(db: Executor, clientId: string, blocked: boolean): Promise<string[]> {
  // The client's own state: the teams it creates from now on take it (insertClientTeam).
  await db.updateTable('clients').set({ blocked }).where('id', '=', clientId).execute();
  const rows = await db
    .updateTable('accounts')
    .set({ blocked })
    .where('client_id', '=', clientId)
    .where('blocked', '=', !blocked)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Whether the team is blocked for non-payment (read now, not from the caller's session). */
export async function isAccountBlocked(db: Executor, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('blocked')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.blocked ?? false;
}

/** A team's own settings (/v1/account/settings). */
export async function findAccountSettings(db: Executor, accountId: string) {
  return db
    .selectFrom('accounts')
    .select(['id', 'name', 'thumbnail', 'language', 'time_zone', 'fps_limit'])
    .where('id', '=', accountId)
    .executeTakeFirst();
}

/** Changes the settings given (undefined: left as is). */
export async function updateAccountSettings(
  db: Executor,
  accountId: string,
  columns: { name?: string; language?: string; time_zone?: string; fps_limit?: number },
): Promise<void> {
  if (Object.values(columns).every((v) => v === undefined)) return;
  await db.updateTable('accounts').set(columns).where('id', '=', accountId).execute();
}

/** Sets the team's logo under a row lock; answers its name and the logo it replaced. */
export async function replaceAccountThumbnail(
  trx: Executor,
  accountId: string,
  url: string,
): Promise<{ name: string; previous: string | null }> {
  const row = await trx
    .selectFrom('accounts')
    .select(['name', 'thumbnail'])
    .where('id', '=', accountId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  await trx.updateTable('accounts').set({ thumbnail: url }).where('id', '=', accountId).execute();
  return { name: row.name, previous: row.thumbnail };
}

/** A team's name (undefined: no such team). */
export async function findAccountName(db: Executor, accountId: string): Promise<string | undefined> {
  const row = await db.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirst();
  return row?.name;
}

/** The ids of a client's teams. */
export async function listAccountIdsOfClient(db: Executor, clientId: string): Promise<string[]> {
  const rows = await db.selectFrom('accounts').select('id').where('client_id', '=', clientId).execute();
  return rows.map((a) => a.id);
}

/** Locks the team's row until the transaction ends: changes of one team that must take turns. */
export async function lockAccount(trx: Executor, accountId: string): Promise<void> {
  await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
}
