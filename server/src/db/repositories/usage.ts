import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { RawMetric, UsageMetric } from '../tables/usage.ts';

export interface RawUsage {
  accountId: string;
  sourceKey: string;
  metric: RawMetric;
  day: string;
  quantity: number;
}

/** Writes a raw record; the same source recorded again replaces it (a retried job counts once). */
export async function putUsageEvent(db: Executor, e: RawUsage): Promise<void> {
  await upsertUsageEvent(db, e, 'replace');
}

/** Adds to a raw record (a running counter such as a day's delivered minutes). */
export async function addUsageEvent(db: Executor, e: RawUsage): Promise<void> {
  await upsertUsageEvent(db, e, 'add');
}

/** Inserts the record of `e.sourceKey`; when the source has one already, `replace` overwrites it and
 * `add` adds the quantity to it (keeping its metric and day). */
async function upsertUsageEvent(db: Executor, e: RawUsage, onExisting: 'replace' | 'add'): Promise<void> {
  await db
    .insertInto('usage_events')
    .values({
      account_id: e.accountId,
      source_key: e.sourceKey,
      metric: e.metric,
      day: e.day,
      quantity: e.quantity,
    })
    .onConflict((oc) =>
      oc.columns(['account_id', 'source_key']).doUpdateSet((eb) =>
        onExisting === 'add'
          ? {
              quantity: sql<number>`${eb.ref('usage_events.quantity')} + ${eb.ref('excluded.quantity')}`,
              recorded_at: sql<Date>`now()`,
            }
          : {
              quantity: eb.ref('excluded.quantity'),
              metric: eb.ref('excluded.metric'),
              day: eb.ref('excluded.day'),
              recorded_at: sql<Date>`now()`,
            },
      ),
    )
    .execute();
}

/** Per account and raw metric of one day: the sum and the largest record (a storage sample). */
export async function rawTotals(db: Executor, day: string, accountId?: string) {
  let query = db
    .selectFrom('usage_events')
    .select(['account_id as accountId', 'metric'])
    .select((eb) => [eb.fn.sum<number>('quantity').as('sum'), eb.fn.max<number>('quantity').as('max')])
    .where('day', '=', day)
    .groupBy(['account_id', 'metric']);
  if (accountId) query = query.where('account_id', '=', accountId);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, sum: Number(r.sum), max: Number(r.max) }));
}

export interface DailyRow {
  accountId: string;
  metric: UsageMetric;
  quantity: number;
}

/** Replaces a day's sums (of one account, or of every account) by `rows`. */
export async function replaceDaily(
  db: Executor,
  day: string,
  accountId: string | undefined,
  rows: DailyRow[],
) {
  let del = db.deleteFrom('usage_daily').where('day', '=', day);
  if (accountId) del = del.where('account_id', '=', accountId);
  await del.execute();
  if (rows.length === 0) return;
  await db
    .insertInto('usage_daily')
    .values(rows.map((r) => ({ account_id: r.accountId, day, metric: r.metric, quantity: r.quantity })))
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'day', 'metric'])
        .doUpdateSet((eb) => ({ quantity: eb.ref('excluded.quantity') })),
    )
    .execute();
}

/** One account's daily sums from `from` to `to` (inclusive 'YYYY-MM-DD'). */
export async function listDaily(db: Executor, accountId: string, from: string, to: string) {
  const rows = await db
    .selectFrom('usage_daily')
    .select(['day', 'metric', 'quantity'])
    .where('account_id', '=', accountId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}

/** The first day with usage of an account (statements start there), or undefined. */
export async function firstUsageDay(db: Executor, accountId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('usage_daily')
    .select((eb) => eb.fn.min<string>('day').as('day'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.day ?? undefined;
}
