import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Executor } from '../schema.ts';
import type { LogRecordItem } from '../tables/activity-logs.ts';

export interface ActivityEntry {
  /** The team the action happened in (null for actions outside any team, e.g. a failed login). */
  accountId: string | null;
  event: string;
  identifier: string;
  record: LogRecordItem[];
  actor: { id: string | null; name: string | null; email: string | null; avatar: string | null } | null;
  ip: string | null;
  userAgent: string | null;
}

/** Longer texts are cut: a btree entry must stay well under PostgreSQL's ~2.7 kB row limit, or the
 * insert — and with it the change being logged — would fail. */
const MAX_TEXT = 500;
const cut = (value: string | null | undefined) => (value == null ? null : value.slice(0, MAX_TEXT));

/** Writes one log entry. Call it with the transaction that makes the change, so both land or neither. */
export async function recordActivity(db: Executor, entry: ActivityEntry): Promise<void> {
  await db
    .insertInto('activity_logs')
    .values((eb) => ({
      account_id: entry.accountId,
      client_id: entry.accountId
        ? eb.selectFrom('accounts').select('client_id').where('id', '=', entry.accountId)
        : null,
      event: entry.event,
      identifier: cut(entry.identifier) ?? '',
      record: JSON.stringify(entry.record) as unknown as LogRecordItem[],
      actor_id: entry.actor?.id ?? null,
      actor_name: cut(entry.actor?.name),
      actor_email: cut(entry.actor?.email),
      actor_avatar: cut(entry.actor?.avatar),
      ip: cut(entry.ip),
      user_agent: cut(entry.userAgent),
    }))
    .execute();
}

export interface ActivityQuery {
  /** One account; undefined: every account (staff). */
  accountId?: string | undefined;
  clientId?: string | undefined;
  /** Prefix of the responsible's e-mail or name, any letter case. */
  user?: string | undefined;
  /** Prefix of the identifier, any letter case. */
  identifier?: string | undefined;
  /** created_at ≥ start. */
  start?: Date | undefined;
  /** created_at ≤ end (inclusive) or < end (exclusive: the day after a date-only `end`). */
  end?: { at: Date; inclusive: boolean } | undefined;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
  /** Rows counted beyond the current page before `total` stops being exact (see countActivity). */
  countAhead: number;
}

/** `%`, `_` and `\` typed by a user are literal characters; the pattern matches from the start. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

type SearchColumn = 'actor_email' | 'actor_name' | 'identifier';

/**
 * `lower(col) LIKE lower($pattern)`: PostgreSQL's lower() on both sides (the same case folding as the
 * index expression), and with the pattern bound as a value the planner turns it into a range scan on
 * the text_pattern_ops indexes.
 */
function startsWith(eb: ExpressionBuilder<Database, 'activity_logs'>, column: SearchColumn, text: string) {
  return eb(eb.fn('lower', [column]), 'like', eb.fn('lower', [eb.val(prefixPattern(text))]));
}

/** What a search matches: the responsible's e-mail or name, or the identifier. */
function searchesOf(q: ActivityQuery): Array<{ column: SearchColumn; text: string }> {
  if (q.user)
    return [
      { column: 'actor_email', text: q.user },
      { column: 'actor_name', text: q.user },
    ];
  if (q.identifier) return [{ column: 'identifier', text: q.identifier }];
  return [];
}

/** The account, client and date filters. */
function scoped(db: Executor, q: ActivityQuery) {
  return db.selectFrom('activity_logs').where((eb) => {
    const and = [];
    if (q.accountId !== undefined) and.push(eb('account_id', '=', q.accountId));
    if (q.clientId !== undefined) and.push(eb('client_id', '=', q.clientId));
    if (q.start) and.push(eb('created_at', '>=', q.start));
    if (q.end) and.push(eb('created_at', q.end.inclusive ? '<=' : '<', q.end.at));
    return eb.and(and);
  });
}

function matching(db: Executor, q: ActivityQuery) {
  const searches = searchesOf(q);
  if (searches.length === 0) return scoped(db, q);
  return scoped(db, q).where((eb) => eb.or(searches.map(({ column, text }) => startsWith(eb, column, text))));
}

/** One page of entries, newest (or oldest) first; ties broken by id so pages never overlap. */
export async function listActivity(db: Executor, q: ActivityQuery) {
  return matching(db, q)
    .select([
      'id',
      'event',
      'identifier',
      'record',
      'created_at',
      'actor_name',
      'actor_email',
      'actor_avatar',
      'ip',
      'user_agent',
    ])
    .orderBy('created_at', q.order)
    .orderBy('id', q.order)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
}

/**
 * How many entries match, counted up to `countAhead` rows past the current page and no further:
 * counting every match would read a million rows for a big account (~0.3 s on PGlite), while this
 * reads at most what the page itself skips plus a bounded window. `exact` is false when the count
 * stopped early; `total` is then a lower bound (more than the cap).
 */
export async function countActivity(
  db: Executor,
  q: ActivityQuery,
): Promise<{ total: number; exact: boolean }> {
  const cap = (q.page - 1) * q.limit + q.countAhead;
  // In page order, so the planner walks what the page walks: newest first for a common search, the
  // prefix indexes for a rare one. Unordered, it may choose a sequential scan, which meets the newest
  // rows (stored last) last: 0.6 s for 5,000 of them. (Walking a prefix index in its own order does
  // not help: a prefix is a range of values, so the date range cannot bound that walk.)
  const hits = matching(db, q)
    .select('id')
    .orderBy('created_at', q.order)
    .orderBy('id', q.order)
    .limit(cap + 1)
    .as('hits');
  const row = await db.selectFrom(hits).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const n = Number(row.n);
  return { total: n, exact: n <= cap };
}

const ENTRY_COLUMNS = [
  'id',
  'event',
  'identifier',
  'record',
  'created_at',
  'actor_name',
  'actor_email',
  'actor_avatar',
  'ip',
  'user_agent',
] as const;

/**
 * One page of entries, newest (or oldest) first, ties broken by id so pages never overlap — and how
 * many entries match, counted up to `countAhead` rows past the page and no further. Counting every match
 * would read a million rows for a big account (~0.3 s on PGlite) on every page; this reads what the
 * page itself walks plus a bounded window. `exact` is false when the count stopped early; `total` is
 * then a lower bound (cap + 1).
 *
 * One statement, one walk: the matching ids up to the cap, in page order (so the planner walks what a
 * page walks — newest first for a common search, the prefix indexes for a rare one; unordered, it may
 * choose a sequential scan, which meets the newest rows, stored last, last: 0.6 s for 5,000 of them),
 * counted; the page's rows are then fetched by id.
 */
export async function findActivityPage(db: Executor, q: ActivityQuery) {
  const offset = (q.page - 1) * q.limit;
  const cap = offset + q.countAhead;
  const rows = await db
    .with(
      (cte) => cte('hits').materialized(),
      () =>
        matching(db, q)
          .select(['id', 'created_at'])
          .orderBy('created_at', q.order)
          .orderBy('id', q.order)
          .limit(cap + 1),
    )
    .with('page', (qb) =>
      qb
        .selectFrom('hits')
        .select('id')
        .orderBy('created_at', q.order)
        .orderBy('id', q.order)
        .limit(q.limit)
        .offset(offset),
    )
    .selectFrom(sql<{ n: string }>`(SELECT count(*) AS n FROM hits)`.as('matched'))
    .leftJoin(
      (qb) =>
        qb
          .selectFrom('activity_logs')
          .select(ENTRY_COLUMNS)
          .where('id', 'in', (sub) => sub.selectFrom('page').select('page.id'))
          .as('entry'),
      (join) => join.onTrue(),
    )
    .select('matched.n')
    .select(ENTRY_COLUMNS.map((column) => `entry.${column}` as const))
    .orderBy('entry.created_at', q.order)
    .orderBy('entry.id', q.order)
    .execute();
  const n = Number(rows[0]?.n ?? 0);
  const entries = rows.flatMap((row) => (row.id === null ? [] : [{ ...row, id: row.id }]));
  return { entries, total: n, exact: n <= cap };
}

/**
 * Refreshes the planner's statistics of the table. PostgreSQL's autovacuum does this on a server;
 * embedded PGlite has no autovacuum, and without statistics the planner cannot tell a rare search
 * (use the prefix indexes) from a common one (walk the time index): a wrong guess costs seconds.
 */
export async function analyzeActivityLogs(db: Executor): Promise<void> {
  await sql`ANALYZE activity_logs`.execute(db);
}

/** The newest entry's id and the row count of the last ANALYZE (-1 before the first becomes 0): how
 * much the table grew since its statistics were taken. */
export async function activityLogGrowth(db: Executor): Promise<{ lastId: number; estimatedRows: number }> {
  const { rows } = await sql<{ last_id: string | null; tuples: number | null }>`
    SELECT (SELECT max(id) FROM activity_logs) AS last_id,
           (SELECT reltuples FROM pg_class WHERE oid = 'activity_logs'::regclass) AS tuples`.execute(db);
  const row = rows[0];
  return { lastId: Number(row?.last_id ?? 0), estimatedRows: Math.max(0, Number(row?.tuples ?? 0)) };
}
