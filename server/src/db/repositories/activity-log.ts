import { type AliasedSelectQueryBuilder, type ExpressionBuilder, sql } from 'kysely';
import type { ActivityActor, LogRecordItem } from '../../lib/activity-record.ts';
import type { Database, Executor } from '../schema.ts';

export interface ActivityEntry {
  /** The team the action happened in (null for actions outside any team, e.g. a failed login). */
  accountId: string | null;
  event: string;
  identifier: string;
  record: LogRecordItem[];
  actor: ActivityActor | null;
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
 * One searched column: `values` when the search was resolved to the (few) distinct lower-case values
 * of the account that start with the text — then `lower(col) = ANY(values)` — else the text itself —
 * then `lower(col) LIKE lower('text%')`. Both match exactly the same rows.
 */
export interface Search {
  column: SearchColumn;
  text: string;
  values: string[] | null;
}

/** Up to this many distinct values a search is resolved to them; past it, it stays a LIKE. */
export const MAX_SEARCH_VALUES = 50;

/**
 * The distinct `lower(column)` values of one account that start with the text, per column, in index
 * order, at most `MAX_SEARCH_VALUES + 1` each: a loose index scan — one probe of the prefix index per
 * value, whatever the number of entries (a handful of people wrote a million entries; their e-mails
 * are few). All columns in one statement.
 */
async function valuesStartingWith(
  db: Executor,
  accountId: string,
  wanted: Array<{ column: SearchColumn; text: string }>,
): Promise<string[][]> {
  const walks = wanted.map(({ column, text }, i) => {
    const value = sql`lower(${sql.ref(column)})`;
    const match = sql`account_id = ${accountId} AND ${value} LIKE lower(${prefixPattern(text)})`;
    return sql`${sql.ref(`found${i}`)}(v) AS (
      (SELECT ${value} FROM activity_logs WHERE ${match} ORDER BY ${value} USING ~<~ LIMIT 1)
      UNION ALL
      SELECT (SELECT ${value} FROM activity_logs WHERE ${match} AND ${value} ~>~ prev.v
              ORDER BY ${value} USING ~<~ LIMIT 1)
        FROM ${sql.ref(`found${i}`)} AS prev WHERE prev.v IS NOT NULL)`;
  });
  const picks = wanted.map(
    (_, i) =>
      sql`(SELECT ${i}::int AS i, v FROM ${sql.ref(`found${i}`)} WHERE v IS NOT NULL LIMIT ${MAX_SEARCH_VALUES + 1})`,
  );
  const { rows } = await sql<{ i: number; v: string }>`
    WITH RECURSIVE ${sql.join(walks)} ${sql.join(picks, sql` UNION ALL `)}`.execute(db);
  return wanted.map((_, i) => rows.filter((row) => Number(row.i) === i).map((row) => row.v));
}

/**
 * What a query searches: the responsible's e-mail or name, or the identifier. Inside one account each
 * column is resolved to its matching values when they are few: `lower(col) = ANY(values)` then reads
 * only the entries of those values in the date range (the index holds created_at after the value),
 * where a prefix — a range of values — would read the prefix's entries of all time; and the planner
 * estimates the values from their statistics.
 */
export async function resolveSearch(db: Executor, q: ActivityQuery): Promise<Search[]> {
  const wanted: Array<{ column: SearchColumn; text: string }> = q.user
    ? [
        { column: 'actor_email', text: q.user },
        { column: 'actor_name', text: q.user },
      ]
    : q.identifier
      ? [{ column: 'identifier', text: q.identifier }]
      : [];
  const { accountId } = q;
  if (accountId === undefined || wanted.length === 0) return wanted.map((w) => ({ ...w, values: null }));
  const found = await valuesStartingWith(db, accountId, wanted);
  return wanted.map((w, i) => {
    const values = found[i] ?? [];
    return { ...w, values: values.length > MAX_SEARCH_VALUES ? null : values };
  });
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

/**
 * One searched column's condition. The LIKE keeps PostgreSQL's lower() on both sides (the case folding
 * of the index expression); bound as a value, its pattern becomes a range scan on the text_pattern_ops
 * index.
 */
function searchCondition(eb: ExpressionBuilder<Database, 'activity_logs'>, search: Search) {
  const lower = eb.fn<string>('lower', [search.column]);
  // One value is a plain equality: with the date range and the order, a backward walk of that value's
  // slice of the prefix index, newest first — the page reads its own rows only.
  if (search.values?.length === 1) return eb(lower, '=', search.values[0]!);
  if (search.values) return eb(lower, '=', sql<string>`any(${search.values}::text[])`);
  return eb(lower, 'like', eb.fn<string>('lower', [eb.val(prefixPattern(search.text))]));
}

function matching(db: Executor, q: ActivityQuery, searches: Search[]) {
  if (searches.length === 0) return scoped(db, q);
  return scoped(db, q).where((eb) => eb.or(searches.map((search) => searchCondition(eb, search))));
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

/** One page of entries, newest (or oldest) first; ties broken by id so pages never overlap. */
export async function listActivity(db: Executor, q: ActivityQuery, searches: Search[]) {
  return matching(db, q, searches)
    .select(ENTRY_COLUMNS)
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
  searches: Search[],
): Promise<{ total: number; exact: boolean }> {
  const cap = (q.page - 1) * q.limit + q.countAhead;
  let hits: AliasedSelectQueryBuilder<{ id: string }, 'hits'>;
  if (searches.length > 0 && searches.every((search) => search.values !== null)) {
    // Resolved searches: each column walks its index in that index's own order — the value, then
    // created_at inside the range — and stops after cap + 1 entries: it reads matches only. (Newest
    // first would read every entry of the range until enough match: 6,000 rows for 101 matches of a
    // 1.7 % search.) The e-mail and name walks are united: an entry matching both counts once.
    const [first, ...rest] = searches.map((search) =>
      db
        .selectFrom(
          scoped(db, q)
            .where((eb) => searchCondition(eb, search))
            .select('id')
            .orderBy(sql`lower(${sql.ref(search.column)}) USING ~<~`)
            .orderBy('created_at')
            .limit(cap + 1)
            .as('walk'),
        )
        .select('walk.id'),
    );
    let union = first!;
    for (const walk of rest) union = union.union(walk);
    hits = union.as('hits');
  } else {
    // In page order, so the planner walks what the page walks: newest first for a common search, the
    // prefix indexes for a rare one. Unordered, it may choose a sequential scan, which meets the
    // newest rows (stored last) last: 0.6 s for 5,000 of them.
    hits = matching(db, q, searches)
      .select('id')
      .orderBy('created_at', q.order)
      .orderBy('id', q.order)
      .limit(cap + 1)
      .as('hits');
  }
  const row = await db.selectFrom(hits).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const n = Number(row.n);
  return { total: n, exact: n <= cap };
}

/** GET /v1/logs: the page and the (capped) count of a query. */
export async function findActivity(db: Executor, q: ActivityQuery) {
  const resolved = await resolveSearch(db, q);
  // A column with no matching value matches nothing; a search with none at all, no entry.
  const searches = resolved.filter((search) => search.values === null || search.values.length > 0);
  if (resolved.length > 0 && searches.length === 0) return { rows: [], total: 0, exact: true };
  const [rows, count] = await Promise.all([listActivity(db, q, searches), countActivity(db, q, searches)]);
  return { rows, ...count };
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

const PURGE_BATCH = 10_000;

/**
 * Removes the entries older than `days` (ACTIVITY_RETENTION_DAYS), a batch at a time so that no one
 * statement holds the table for long the first time a large backlog goes. Answers how many went.
 */
export async function purgeOldActivity(db: Executor, days: number): Promise<number> {
  let purged = 0;
  for (;;) {
    const result = await db
      .deleteFrom('activity_logs')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('activity_logs')
          .select('id')
          .where('created_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
          .limit(PURGE_BATCH),
      )
      .executeTakeFirst();
    const n = Number(result.numDeletedRows);
    purged += n;
    if (n < PURGE_BATCH) return purged;
  }
}
