import { sql } from 'kysely';
import type { Executor } from '../schema.ts';

/** Gives the account's next event id: the counter row stays locked until the transaction commits. */
export async function nextEventId(trx: Executor, accountId: string): Promise<string> {
  const { rows } = await sql<{ last_id: string }>`
    insert into realtime_counters (account_id, last_id) values (${accountId}, 1)
    on conflict (account_id) do update set last_id = realtime_counters.last_id + 1
    returning last_id`.execute(trx);
  return rows[0]?.last_id ?? '0';
}

/** The last event id given in the account (0: none yet). */
export async function currentEventId(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('realtime_counters')
    .select('last_id')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.last_id ?? 0);
}

/** NOTIFY on `channel`; delivered to the listeners when the transaction commits. */
export async function notify(trx: Executor, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(trx);
}
