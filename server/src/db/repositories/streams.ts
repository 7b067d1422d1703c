import { type Insertable, sql, type Updateable } from 'kysely';
import { likePattern, plainText } from '../plain-search.ts';
import type { Executor } from '../schema.ts';
import type { LiveStreamRow, LiveStreamsTable, StreamStatus } from '../tables/streams.ts';

export type NewStream = Insertable<LiveStreamsTable>;
export type StreamChanges = Updateable<LiveStreamsTable>;

export type StreamSort = 'name' | 'date' | 'status';
export interface StreamListQuery {
  /** Part of the name, any letter case; `%` and `_` are plain characters. */
  title?: string;
  /** Any of these statuses (undefined: every status). */
  statuses?: readonly StreamStatus[];
  /** false: leave finished streams out; true: only finished ones; undefined: every status. */
  shutdown?: boolean;
  sort: StreamSort;
  direction: 'asc' | 'desc';
  page: number;
  limit: number;
}

export async function insertStreams(db: Executor, rows: NewStream[]): Promise<LiveStreamRow[]> {
  if (rows.length === 0) return [];
  return db.insertInto('live_streams').values(rows).returningAll().execute();
}

/** One stream of the account; another account's stream is not found, like a missing one. */
export async function findStream(
  db: Executor,
  accountId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<LiveStreamRow | undefined> {
  let query = db
    .selectFrom('live_streams')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The account's streams among `ids`, locked for update, in the order of `ids`. */
export async function findStreamsForUpdate(
  db: Executor,
  accountId: string,
  ids: string[],
): Promise<LiveStreamRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('live_streams')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const STATUS_RANK = sql<number>`case status when 'live' then 0 when 'paused' then 1 when 'scheduled' then 2 else 3 end`;
const ALL_STATUSES: readonly StreamStatus[] = ['scheduled', 'live', 'paused', 'finished'];

/** The statuses a query can answer: its `statuses`, narrowed by `shutdown`. */
function statusesOf(q: Pick<StreamListQuery, 'statuses' | 'shutdown'>): StreamStatus[] {
  return ALL_STATUSES.filter(
    (s) =>
      (q.statuses === undefined || q.statuses.includes(s)) &&
      (q.shutdown === undefined || (s === 'finished') === q.shutdown),
  );
}

/**
 * One page of the account's streams and how many match. Each filter is spelled the way an index of the
 * migration reads it (`status <> 'finished'` is the partial index's predicate). Without a title the
 * total comes from `live_stream_counts` (no rows counted); with one, the matching rows are counted in
 * the same scan that finds the page (`count(*) over ()`). Each takes one round trip.
 */
export async function listStreams(
  db: Executor,
  accountId: string,
  q: StreamListQuery,
): Promise<{ rows: LiveStreamRow[]; total: number }> {
  const statuses = statusesOf(q);
  if (statuses.length === 0) return { rows: [], total: 0 };
  let base = db.selectFrom('live_streams').where('account_id', '=', accountId);
  if (q.statuses?.length === 1) base = base.where('status', '=', q.statuses[0]!);
  else if (q.statuses) base = base.where('status', 'in', [...q.statuses]);
  if (q.shutdown === true) base = base.where('status', '=', 'finished');
  if (q.shutdown === false) base = base.where('status', '<>', 'finished');
  // The generated `search_name` column holds the name as plainText gives it.
  const title = plainText(q.title?.trim() ?? '');
  if (title) base = base.where('search_name', 'like', likePattern(title));

  const storedTotal = db
    .selectFrom('live_stream_counts')
    .select(sql<number>`coalesce(sum(n), 0)::int`.as('n'))
    .where('account_id', '=', accountId)
    .where('status', 'in', statuses);
  const dir = q.direction;
  let page = base
    .selectAll()
    .select(title ? sql<number>`count(*) over ()`.as('total') : storedTotal.as('total'));
  if (q.sort === 'name') page = page.orderBy('search_name', dir).orderBy('id', dir);
  else if (q.sort === 'status')
    page = page.orderBy(STATUS_RANK, dir).orderBy('scheduled_start_time', 'desc').orderBy('id', 'desc');
  else page = page.orderBy('scheduled_start_time', dir).orderBy('id', dir);

  const found = await page
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  if (found.length > 0) {
    const total = Number(found[0]!.total);
    return { rows: found.map(({ total: _, ...row }) => row), total };
  }
  // A page past the end (or nothing at all): the total is still wanted.
  if (q.page === 1 && title) return { rows: [], total: 0 };
  const count = title ? base.select(sql<number>`count(*)::int`.as('n')) : storedTotal;
  return { rows: [], total: Number((await count.executeTakeFirstOrThrow()).n) };
}

export async function updateStream(
  db: Executor,
  accountId: string,
  id: string,
  changes: StreamChanges,
): Promise<LiveStreamRow | undefined> {
  return db
    .updateTable('live_streams')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Moves a stream to `to` only if it is in one of `from` — the check and the change are one statement,
 * so two concurrent controls cannot both pass. Undefined when the stream is missing or in another state.
 */
export async function transitionStream(
  db: Executor,
  accountId: string,
  id: string,
  from: readonly StreamStatus[],
  to: StreamStatus,
): Promise<LiveStreamRow | undefined> {
  return db
    .updateTable('live_streams')
    .set((eb) => ({
      status: to,
      updated_at: sql<Date>`now()`,
      // The first start counts; a resume does not move it.
      started_at: to === 'live' ? eb.fn.coalesce('started_at', sql<Date>`now()`) : eb.ref('started_at'),
      finished_at: to === 'finished' ? sql<Date>`now()` : eb.ref('finished_at'),
    }))
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the stream unless it is running (live or paused); answers what was deleted. */
export async function deleteIdleStream(
  db: Executor,
  accountId: string,
  id: string,
): Promise<LiveStreamRow | undefined> {
  return db
    .deleteFrom('live_streams')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('status', 'not in', ['live', 'paused'])
    .returningAll()
    .executeTakeFirst();
}

/**
 * The stream one of whose signals has this key, when an encoder may publish to it (any ingest): a
 * started stream (live or paused), or a scheduled one for a rehearsal, unless its team is blocked for
 * non-payment (it may start no new stream, so there is nothing to rehearse). Finished streams take no
 * publish. Uses the GIN index on `signals`.
 */
export async function findPublishableStreamBySignalKey(
  db: Executor,
  key: string,
): Promise<LiveStreamRow | undefined> {
  return db
    .selectFrom('live_streams')
    .selectAll()
    .where(sql<boolean>`signals @> ${JSON.stringify([{ key }])}::jsonb`)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['live', 'paused']),
        eb.and([
          eb('status', '=', 'scheduled'),
          eb.not(
            eb.exists(
              eb
                .selectFrom('accounts')
                .select('accounts.id')
                .whereRef('accounts.id', '=', 'live_streams.account_id')
                .where('accounts.blocked', '=', true),
            ),
          ),
        ]),
      ]),
    )
    .executeTakeFirst();
}

/** Whether any stream, in any state, has a signal with this key (a WHIP refusal tells "ended" from "unknown"). */
export async function signalKeyExists(db: Executor, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('live_streams')
    .select('id')
    .where(sql<boolean>`signals @> ${JSON.stringify([{ key }])}::jsonb`)
    .executeTakeFirst();
  return row !== undefined;
}

/** A stream of any account by id: for callers that hold an id the server gave out (a job, a signed
 * playback link) or that apply the stream's own public rules (the playback endpoint). */
export async function findStreamById(db: Executor, id: string): Promise<LiveStreamRow | undefined> {
  return db.selectFrom('live_streams').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The authorized embedding domains of a stream of any account (the public embed page's
 * `frame-ancestors`); undefined when there is no such stream. `id` must be a UUID.
 */
export async function findStreamEmbedDomains(db: Executor, id: string): Promise<string[] | undefined> {
  const row = await db.selectFrom('live_streams').select('security').where('id', '=', id).executeTakeFirst();
  return row?.security.referrerWhitelist;
}
