import { type Insertable, sql } from 'kysely';
import type { Executor } from '../schema.ts';
import {
  type AnalyticsBucketsTable,
  BUCKET_COUNTERS,
  type PlaybackViewsTable,
  type ViewStatus,
} from '../tables/analytics.ts';
import type { PlaybackEventsTable } from '../tables/viewers.ts';

/** Rows as the beacon writer builds them (analytics/writer.ts). */
export type NewPlaybackEvent = Insertable<PlaybackEventsTable>;
export type NewPlaybackView = Insertable<PlaybackViewsTable>;
export type NewBucket = Insertable<AnalyticsBucketsTable>;

/** Rows per statement: well under PostgreSQL's 65 535 parameters whatever the table. */
const CHUNK = 400;

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** What a view row holds of its enrichment and last rendition/CDN (an instance's memory on a miss),
 * for many views in one statement: the writer reads the views it does not remember together
 * (analytics/writer.ts), and nearly all of them are new, so most ids find no row. */
export async function findViewMemories(db: Executor, sessionIds: readonly string[]) {
  if (sessionIds.length === 0) return [];
  return db
    .selectFrom('playback_views')
    .select([
      'session_id',
      'device',
      'os',
      'browser',
      'browser_version',
      'country',
      'state',
      'city',
      'asn',
      'provider',
      'rendition',
      'cdn',
    ])
    .where(sql<boolean>`session_id = any(${[...sessionIds]}::text[])`)
    .execute();
}

/** A table's columns as an unnest insert fills them: each with its SQL type. */
type Columns<Row> = readonly (readonly [keyof Row & string, string])[];

/**
 * `select … from unnest($1::type[], $2::type[], …)`: rows as one array per column (docs/analytics.md
 * "The raw events as arrays" and "Every flush statement as arrays"). A statement of one parameter per column however many rows, where a multi-row
 * VALUES has one per column per row for PostgreSQL to parse and plan and for Kysely to build: the
 * beacon writer's statements carry thousands of rows a second, and on PGlite that work runs on the
 * server's own thread. The arrays go as parameters, never as SQL text; jsonb travels as text and is
 * cast per row.
 */
function unnested<Row>(columns: Columns<Row>, rows: readonly Row[]) {
  const arrays = columns.map(([name, type]) => {
    const values = rows.map((row) => {
      const value = row[name];
      return value instanceof Date ? value.toISOString() : (value ?? null);
    });
    return sql`${values}::${sql.raw(type === 'jsonb' ? 'text' : type)}[]`;
  });
  const names = sql.join(columns.map(([name]) => sql.ref(name)));
  const selected = sql.join(
    columns.map(([name, type]) =>
      type === 'jsonb' ? sql`e.${sql.ref(name)}::jsonb` : sql`e.${sql.ref(name)}`,
    ),
  );
  return sql`select ${selected} from unnest(${sql.join(arrays)}) as e(${names})`;
}

const columnNames = <Row>(columns: Columns<Row>) => columns.map(([name]) => name);

/** playback_events' columns as the writer fills them (`id` and `received_at` are the table's). */
const EVENT_COLUMNS = [
  ['session_id', 'text'],
  ['account_id', 'uuid'],
  ['live_id', 'uuid'],
  ['video_id', 'uuid'],
  ['viewer_id', 'text'],
  ['type', 'text'],
  ['at', 'timestamptz'],
  ['rendition', 'text'],
  ['bitrate_kbps', 'integer'],
  ['startup_ms', 'integer'],
  ['rebuffer_ms', 'integer'],
  ['error_code', 'text'],
  ['device', 'text'],
  ['os', 'text'],
  ['browser', 'text'],
  ['browser_version', 'text'],
  ['country', 'text'],
  ['region', 'text'],
  ['cmcd', 'jsonb'],
  ['state', 'text'],
  ['playing_ms', 'integer'],
  ['rebuffering_ms', 'integer'],
  ['paused_ms', 'integer'],
  ['playhead', 'double precision'],
  ['waited_ms', 'integer'],
  ['cdn', 'text'],
] as const satisfies Columns<NewPlaybackEvent>;

/** Rows per statement of an unnest insert: its parameters are one array per column, whatever the rows
 * (the upserts' rows are bounded too: an upsert's rows are locked in one go). */
const UNNEST_CHUNK = 2000;

/** The beacons' raw events, as they came (one unnest statement per 2,000). */
export async function insertPlaybackEvents(db: Executor, rows: Insertable<PlaybackEventsTable>[]) {
  for (const part of chunks(rows, UNNEST_CHUNK)) {
    await db
      .insertInto('playback_events')
      .columns(columnNames(EVENT_COLUMNS))
      .expression(unnested(EVENT_COLUMNS, part))
      .execute();
  }
}

const FINAL_STATUSES: ViewStatus[] = ['ended', 'failed', 'exitBeforeStart'];

/**
 * A view's status as an upsert of `table` keeps it (playback_views, and viewer_sessions which carries
 * the view's): a final status stays, 'loading' is no news once there is a status, null no news at all
 * (a session's manifest fetch without a beacon in the same flush).
 */
function keptStatus(table: 'playback_views' | 'viewer_sessions') {
  const held = sql.ref(`${table}.status`);
  const finals = sql.join(FINAL_STATUSES.map((s) => sql.lit(s)));
  return sql<ViewStatus>`case
    when excluded.status is null or ${held} in (${finals}) then ${held}
    when excluded.status = 'loading' and ${held} <> 'loading' then ${held}
    else excluded.status end`;
}

/** playback_views' columns as the writer fills them (every one: a view's first row is whole). */
const VIEW_UPSERT_COLUMNS = [
  ['session_id', 'text'],
  ['account_id', 'uuid'],
  ['live_id', 'uuid'],
  ['video_id', 'uuid'],
  ['viewer_id', 'text'],
  ['started_at', 'timestamptz'],
  ['last_at', 'timestamptz'],
  ['ended_at', 'timestamptz'],
  ['status', 'text'],
  ['device', 'text'],
  ['os', 'text'],
  ['browser', 'text'],
  ['browser_version', 'text'],
  ['country', 'text'],
  ['state', 'text'],
  ['city', 'text'],
  ['asn', 'integer'],
  ['provider', 'text'],
  ['cdn', 'text'],
  ['rendition', 'text'],
  ['startup_ms', 'integer'],
  ['waited_ms', 'integer'],
  ['error_code', 'text'],
  ['playing_ms', 'bigint'],
  ['rebuffer_ms', 'bigint'],
  ['paused_ms', 'bigint'],
  ['rebuffer_count', 'integer'],
] as const satisfies Columns<NewPlaybackView>;

/**
 * Adds each view's deltas into its row (creating it): times are summed, the first startup time, wait
 * and error kept, a final status never replaced. `status` 'loading' in a delta means "no news" unless
 * the row is new. Rows are written in key order, so two instances never wait on each other in a cycle.
 */
export async function upsertViews(db: Executor, rows: Insertable<PlaybackViewsTable>[]) {
  const sorted = [...rows].sort((a, b) => (a.session_id < b.session_id ? -1 : 1));
  for (const part of chunks(sorted, UNNEST_CHUNK)) {
    await db
      .insertInto('playback_views')
      .columns(columnNames(VIEW_UPSERT_COLUMNS))
      .expression(unnested(VIEW_UPSERT_COLUMNS, part))
      .onConflict((oc) =>
        oc.column('session_id').doUpdateSet({
          started_at: sql`least(playback_views.started_at, excluded.started_at)`,
          last_at: sql`greatest(playback_views.last_at, excluded.last_at)`,
          ended_at: sql`coalesce(playback_views.ended_at, excluded.ended_at)`,
          status: keptStatus('playback_views'),
          rendition: sql`coalesce(excluded.rendition, playback_views.rendition)`,
          cdn: sql`coalesce(excluded.cdn, playback_views.cdn)`,
          startup_ms: sql`coalesce(playback_views.startup_ms, excluded.startup_ms)`,
          waited_ms: sql`coalesce(playback_views.waited_ms, excluded.waited_ms)`,
          error_code: sql`coalesce(playback_views.error_code, excluded.error_code)`,
          playing_ms: sql`playback_views.playing_ms + excluded.playing_ms`,
          rebuffer_ms: sql`playback_views.rebuffer_ms + excluded.rebuffer_ms`,
          paused_ms: sql`playback_views.paused_ms + excluded.paused_ms`,
          rebuffer_count: sql`playback_views.rebuffer_count + excluded.rebuffer_count`,
        }),
      )
      .execute();
  }
}

/** A session of a live that still sends beacons (or stopped: `ended`), for viewer counts. */
export type ViewerSessionUpsert = {
  session_id: string;
  live_id: string;
  account_id: string;
  last_seen_at: Date;
  ended: boolean;
  /** When its player first fetched the media (a session counts as a viewer from then on). */
  media_at: Date | null;
  /** The view's breakdown values and status written with its row in the same flush; null: no news
   * (a manifest fetch alone), the row's are kept. */
  view?: {
    os: string | null;
    state: string | null;
    provider: string | null;
    cdn: string | null;
    status: string;
  };
};

/** viewer_sessions' columns as the writer fills them. */
const SESSION_COLUMNS = [
  ['session_id', 'text'],
  ['live_id', 'uuid'],
  ['account_id', 'uuid'],
  ['last_seen_at', 'timestamptz'],
  ['ended', 'boolean'],
  ['media_at', 'timestamptz'],
  ['os', 'text'],
  ['state', 'text'],
  ['provider', 'text'],
  ['cdn', 'text'],
  ['status', 'text'],
] as const satisfies Columns<
  Omit<ViewerSessionUpsert, 'view'> & Record<'os' | 'state' | 'provider' | 'cdn' | 'status', string | null>
>;

/** Adds sessions' news into their rows (creating them): the latest sign of life, an end kept, the first
 * media fetch kept. Rows are written in key order, so two instances never wait on each other in a cycle. */
export async function upsertViewerSessions(db: Executor, rows: ViewerSessionUpsert[]) {
  const sorted = [...rows].sort((a, b) => (a.session_id < b.session_id ? -1 : 1));
  for (const part of chunks(sorted, UNNEST_CHUNK)) {
    const flat = part.map(({ view, ...row }) => ({
      ...row,
      os: view?.os ?? null,
      state: view?.state ?? null,
      provider: view?.provider ?? null,
      cdn: view?.cdn ?? null,
      status: view?.status ?? null,
    }));
    await db
      .insertInto('viewer_sessions')
      .columns(columnNames(SESSION_COLUMNS))
      .expression(unnested(SESSION_COLUMNS, flat))
      .onConflict((oc) =>
        oc.column('session_id').doUpdateSet({
          last_seen_at: sql`greatest(viewer_sessions.last_seen_at, excluded.last_seen_at)`,
          // An ended session stays ended (a late heartbeat must not bring it back).
          ended: sql<boolean>`viewer_sessions.ended or excluded.ended`,
          media_at: sql<Date>`coalesce(viewer_sessions.media_at, excluded.media_at)`,
          os: sql`coalesce(excluded.os, viewer_sessions.os)`,
          state: sql`coalesce(excluded.state, viewer_sessions.state)`,
          provider: sql`coalesce(excluded.provider, viewer_sessions.provider)`,
          cdn: sql`coalesce(excluded.cdn, viewer_sessions.cdn)`,
          status: keptStatus('viewer_sessions'),
        }),
      )
      .execute();
  }
}

/** analytics_buckets' key columns and additive counters, as the writer fills them. */
const BUCKET_COLUMNS = [
  ['subject_id', 'uuid'],
  ['kind', 'text'],
  ['account_id', 'uuid'],
  ['t', 'timestamptz'],
  ['dim', 'text'],
  ['value', 'text'],
  ...BUCKET_COUNTERS.map(
    (c) =>
      [c, c.endsWith('_ms') || c === 'startup_ms_sum' ? 'bigint' : 'integer'] as const satisfies readonly [
        keyof NewBucket,
        string,
      ],
  ),
] as const satisfies Columns<NewBucket>;

/** Adds counters into their buckets (every instance adds into the same rows), in key order. */
export async function addToBuckets(db: Executor, rows: Insertable<AnalyticsBucketsTable>[]) {
  const key = (r: Insertable<AnalyticsBucketsTable>) =>
    `${r.subject_id}|${new Date(r.t).toISOString()}|${r.dim}|${r.value}`;
  const sorted = [...rows].sort((a, b) => (key(a) < key(b) ? -1 : 1));
  const set = Object.fromEntries(
    BUCKET_COUNTERS.map((c) => [c, sql`analytics_buckets.${sql.ref(c)} + excluded.${sql.ref(c)}`]),
  );
  for (const part of chunks(sorted, UNNEST_CHUNK)) {
    await db
      .insertInto('analytics_buckets')
      .columns(columnNames(BUCKET_COLUMNS))
      .expression(unnested(BUCKET_COLUMNS, part))
      .onConflict((oc) =>
        oc.columns(['subject_id', 't', 'dim', 'value']).doUpdateSet({ ...set, updated_at: sql`now()` }),
      )
      .execute();
  }
}

/**
 * Viewers now, per live and per (os, state, provider, cdn): sessions whose player fetched the media,
 * with a beacon younger than `timeoutMs`, not ended and not paused. Every live with a remembered
 * session has rows, with 0 when nobody watches (so the drop is recorded).
 */
export async function currentViewersByDimension(db: Executor, timeoutMs: number) {
  const since = new Date(Date.now() - timeoutMs);
  // viewer_sessions alone: it carries the view's values (migration 20261207T090000), so the count never
  // reads playback_views, which holds every view ever played.
  const rows = await db
    .selectFrom('viewer_sessions as s')
    .select([
      's.live_id',
      's.account_id',
      // True while the view's row is not written yet (the beacon writer flushes on its own clock).
      sql<boolean>`s.status is null`.as('unwritten'),
      's.os',
      's.state',
      's.provider',
      's.cdn',
      sql<string>`count(*) filter (where s.last_seen_at > ${since} and not s.ended and s.media_at is not null and coalesce(s.status, 'loading') <> 'paused')`.as(
        'n',
      ),
    ])
    .groupBy(['s.live_id', 's.account_id', 's.os', 's.state', 's.provider', 's.cdn'])
    .groupBy(sql`s.status is null`)
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** Writes a tick's viewer gauge into bucket `t`: every earlier sample of these lives in it is reset
 * first, so a dimension value nobody watches any more reads 0. */
export async function writeViewerGauge(
  db: Executor,
  t: Date,
  rows: { subject_id: string; account_id: string; dim: string; value: string; viewers: number }[],
) {
  if (rows.length === 0) return;
  const lives = [...new Set(rows.map((r) => r.subject_id))];
  await db
    .updateTable('analytics_buckets')
    .set({ viewers: 0 })
    .where('subject_id', 'in', lives)
    .where('t', '=', t)
    .where('viewers', 'is not', null)
    .execute();
  const sorted = [...rows].sort((a, b) =>
    `${a.subject_id}|${a.dim}|${a.value}` < `${b.subject_id}|${b.dim}|${b.value}` ? -1 : 1,
  );
  for (const part of chunks(sorted)) {
    await db
      .insertInto('analytics_buckets')
      .values(
        part.map((r) => ({ ...r, kind: 'live' as const, t, viewers: r.viewers, viewers_peak: r.viewers })),
      )
      .onConflict((oc) =>
        oc.columns(['subject_id', 't', 'dim', 'value']).doUpdateSet({
          viewers: sql`excluded.viewers`,
          viewers_peak: sql`greatest(coalesce(analytics_buckets.viewers_peak, 0), excluded.viewers)`,
          updated_at: sql`now()`,
        }),
      )
      .execute();
  }
}

/** Lives whose buckets changed since `since` (another instance's beacons included). */
export async function livesUpdatedSince(db: Executor, since: Date) {
  return db
    .selectFrom('analytics_buckets')
    .select(['subject_id', 'account_id'])
    .where('updated_at', '>', since)
    .where('kind', '=', 'live')
    .groupBy(['subject_id', 'account_id'])
    .execute();
}

/** True for the one instance that pushes this tick of a subject. */
export async function claimPush(db: Executor, subjectId: string, minGapMs: number): Promise<boolean> {
  const now = new Date();
  const row = await db
    .insertInto('analytics_pushes')
    .values({ subject_id: subjectId, pushed_at: now })
    .onConflict((oc) =>
      oc
        .column('subject_id')
        .doUpdateSet({ pushed_at: now })
        .where('analytics_pushes.pushed_at', '<', new Date(now.getTime() - minGapMs)),
    )
    .returning('subject_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A subject's bucket rows between two times (inclusive), every dimension or one. */
export async function bucketRows(db: Executor, subjectId: string, from: Date, to: Date, dim?: string) {
  let query = db
    .selectFrom('analytics_buckets')
    .select(['t', 'dim', 'value', 'viewers', 'viewers_peak', ...BUCKET_COUNTERS])
    .where('subject_id', '=', subjectId)
    .where('t', '>=', from)
    .where('t', '<=', to);
  if (dim !== undefined) query = query.where('dim', '=', dim);
  return query.orderBy('t').execute();
}
export type BucketRow = Awaited<ReturnType<typeof bucketRows>>[number];

/**
 * Raw events older than `before` leave (their views and buckets stay), and so do the VOD views'
 * manifest fetches of that age (a player open that long can no longer like: the likes given stay).
 */
export async function deleteEventsBefore(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('playback_events').where('received_at', '<', before).executeTakeFirst();
  await db.deleteFrom('video_media_views').where('fetched_at', '<', before).execute();
  return Number(result.numDeletedRows);
}

/** A team's lives for the analytics picker: on air first, then the newest. */
export async function livesForAnalytics(db: Executor, accountId: string, limit: number) {
  return db
    .selectFrom('live_streams')
    .select(['id', 'nome', 'status', 'scheduled_start_time', 'started_at', 'finished_at'])
    .where('account_id', '=', accountId)
    .orderBy(sql`case when status in ('live', 'paused') then 0 else 1 end`)
    .orderBy(sql`coalesce(started_at, scheduled_start_time)`, 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A live's views summed: how many, by how many viewers, their watch time and started views. */
export async function viewTotals(db: Executor, liveId: string) {
  const row = await db
    .selectFrom('playback_views')
    .select([
      sql<string>`count(*)`.as('views'),
      sql<string>`count(distinct viewer_id)`.as('viewers'),
      sql<string>`coalesce(sum(playing_ms + rebuffer_ms), 0)`.as('watch_ms'),
      sql<string>`count(*) filter (where startup_ms is not null)`.as('started'),
    ])
    .where('live_id', '=', liveId)
    .executeTakeFirstOrThrow();
  return {
    views: Number(row.views),
    viewers: Number(row.viewers),
    watchMs: Number(row.watch_ms),
    started: Number(row.started),
  };
}

/** A live's views counted by one of their columns, most first. */
export async function viewsBy(db: Executor, liveId: string, column: 'cdn' | 'os', limit: number) {
  const rows = await db
    .selectFrom('playback_views')
    .select([sql<string | null>`${sql.ref(column)}`.as('value'), sql<string>`count(*)`.as('n')])
    .where('live_id', '=', liveId)
    .groupBy(column)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(column)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ value: r.value, n: Number(r.n) }));
}

/** Where a live's views come from (country, state, city), most first. */
export async function viewPlaces(db: Executor, liveId: string, limit: number) {
  const rows = await db
    .selectFrom('playback_views')
    .select(['country', 'state', 'city', sql<string>`count(*)`.as('n')])
    .where('live_id', '=', liveId)
    .groupBy(['country', 'state', 'city'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('country')
    .orderBy('state')
    .orderBy('city')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ country: r.country, state: r.state, city: r.city, views: Number(r.n) }));
}

/** The first and last bucket of a subject (null when it has none). */
export async function bucketSpan(db: Executor, subjectId: string) {
  const row = await db
    .selectFrom('analytics_buckets')
    .select([sql<Date | null>`min(t)`.as('first'), sql<Date | null>`max(t)`.as('last')])
    .where('subject_id', '=', subjectId)
    .where('dim', '=', 'total')
    .executeTakeFirstOrThrow();
  return row.first && row.last ? { first: new Date(row.first), last: new Date(row.last) } : null;
}

/** What a support call filters a live's views by. */
export interface ViewFilter {
  filter?: 'failed' | 'exitBeforeStart' | 'rebuffering';
  state?: string;
  provider?: string;
  viewerIds?: string[];
}

const VIEW_COLUMNS = [
  'session_id',
  'viewer_id',
  'live_id',
  'video_id',
  'started_at',
  'ended_at',
  'last_at',
  'status',
  'device',
  'os',
  'browser',
  'browser_version',
  'country',
  'state',
  'city',
  'provider',
  'cdn',
  'rendition',
  'startup_ms',
  'playing_ms',
  'rebuffer_ms',
  'rebuffer_count',
  'error_code',
] as const;

/** A live's (or video's) views, newest first, filtered; with how many match. */
export async function listViews(
  db: Executor,
  subject: { kind: 'live' | 'vod'; id: string },
  where: ViewFilter,
  page: { offset: number; limit: number },
) {
  let query = db
    .selectFrom('playback_views')
    .where(subject.kind === 'live' ? 'live_id' : 'video_id', '=', subject.id);
  if (where.filter === 'failed') query = query.where('status', '=', 'failed');
  if (where.filter === 'exitBeforeStart') query = query.where('status', '=', 'exitBeforeStart');
  if (where.filter === 'rebuffering') query = query.where('rebuffer_count', '>', 0);
  if (where.state !== undefined) query = query.where('state', '=', where.state);
  if (where.provider !== undefined) query = query.where('provider', '=', where.provider);
  if (where.viewerIds !== undefined) {
    if (where.viewerIds.length === 0) return { items: [], total: 0 };
    query = query.where('viewer_id', 'in', where.viewerIds);
  }
  const total = await query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const items = await query
    .select(VIEW_COLUMNS)
    .orderBy('started_at', 'desc')
    .orderBy('session_id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { items, total: Number(total.n) };
}
export type ViewRow = Awaited<ReturnType<typeof listViews>>['items'][number];

/** One view of a team (undefined when it is not theirs). */
export async function findView(db: Executor, accountId: string, sessionId: string) {
  return db
    .selectFrom('playback_views')
    .select(VIEW_COLUMNS)
    .where('account_id', '=', accountId)
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
}

/** The player events of one view, or of every view of a viewer in a live or video, in time order. */
export async function playerEvents(
  db: Executor,
  where: { sessionId: string } | { subjectId: string; viewerId: string },
  limit: number,
) {
  let query = db
    .selectFrom('playback_events')
    .select([
      'session_id',
      'type',
      'at',
      'playhead',
      'rendition',
      'bitrate_kbps',
      'error_code',
      'rebuffer_ms',
      'startup_ms',
      'state',
      'cdn',
    ]);
  query =
    'sessionId' in where
      ? query.where('session_id', '=', where.sessionId)
      : query
          .where((eb) => eb.or([eb('live_id', '=', where.subjectId), eb('video_id', '=', where.subjectId)]))
          .where('viewer_id', '=', where.viewerId);
  return query.orderBy('at').orderBy('id').limit(limit).execute();
}

/** The classroom participants of a live registered with this e-mail (case-insensitive). */
export async function participantsByEmail(db: Executor, liveId: string, email: string) {
  return db
    .selectFrom('classroom_participants')
    .select(['id', 'email'])
    .where('live_id', '=', liveId)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .execute();
}

/** Per video of a team: its views' figures in a window (only videos with views). */
export async function videoViewFigures(db: Executor, accountId: string, from: Date, to: Date) {
  const rows = await db
    .selectFrom('playback_views')
    .select([
      'video_id',
      sql<string>`count(*)`.as('views'),
      sql<string>`coalesce(sum(playing_ms + rebuffer_ms), 0)`.as('watch_ms'),
      sql<string>`coalesce(sum(playing_ms), 0)`.as('playing_ms'),
      sql<string>`coalesce(sum(rebuffer_ms), 0)`.as('rebuffer_ms'),
      sql<string>`coalesce(sum(startup_ms), 0)`.as('startup_sum'),
      sql<string>`count(startup_ms)`.as('starts'),
    ])
    .where('account_id', '=', accountId)
    .where('video_id', 'is not', null)
    .where('started_at', '>=', from)
    .where('started_at', '<=', to)
    .groupBy('video_id')
    .execute();
  return rows.map((r) => ({
    videoId: r.video_id as string,
    views: Number(r.views),
    watchMs: Number(r.watch_ms),
    playingMs: Number(r.playing_ms),
    rebufferMs: Number(r.rebuffer_ms),
    startupSum: Number(r.startup_sum),
    starts: Number(r.starts),
  }));
}

/** Per video of a team: its likes given in a window. */
export async function videoLikeCounts(db: Executor, accountId: string, from: Date, to: Date) {
  const rows = await db
    .selectFrom('video_likes')
    .select(['video_id', sql<string>`count(*)`.as('n')])
    .where('account_id', '=', accountId)
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .groupBy('video_id')
    .execute();
  return new Map(rows.map((r) => [r.video_id, Number(r.n)]));
}

/** A team's folders and videos (what the VOD analytics tree is made of). */
export async function libraryTree(db: Executor, accountId: string) {
  const folders = await db
    .selectFrom('directories')
    .select(['id', 'parent_id', 'name'])
    .where('account_id', '=', accountId)
    .execute();
  const videos = await db
    .selectFrom('videos')
    .select(['id', 'title', 'status', 'directory_id'])
    .where('account_id', '=', accountId)
    .execute();
  return { folders, videos };
}

/** Likes a video has (all time). */
export async function totalLikes(db: Executor, videoId: string): Promise<number> {
  const row = await db
    .selectFrom('video_likes')
    .select(sql<string>`count(*)`.as('n'))
    .where('video_id', '=', videoId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A playback session likes a video (once: liking again changes nothing). */
export async function addLike(db: Executor, like: { videoId: string; sessionId: string; accountId: string }) {
  await db
    .insertInto('video_likes')
    .values({ video_id: like.videoId, session_id: like.sessionId, account_id: like.accountId })
    .onConflict((oc) => oc.columns(['video_id', 'session_id']).doNothing())
    .execute();
}

/**
 * A VOD view's player fetched the video's manifest through its marked URL: the view may like the
 * video from now on (docs/analytics.md "Likes in the player"). Fetching again changes nothing.
 */
export async function markVideoMediaFetched(
  db: Executor,
  view: { videoId: string; viewKey: string; accountId: string },
) {
  await db
    .insertInto('video_media_views')
    .values({ video_id: view.videoId, view_key: view.viewKey, account_id: view.accountId })
    .onConflict((oc) => oc.columns(['video_id', 'view_key']).doNothing())
    .execute();
}

/** Whether a VOD view's player fetched the video's manifest (see markVideoMediaFetched). */
export async function videoMediaFetched(db: Executor, videoId: string, viewKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('video_media_views')
    .select('view_key')
    .where('video_id', '=', videoId)
    .where('view_key', '=', viewKey)
    .executeTakeFirst();
  return row !== undefined;
}

export async function removeLike(db: Executor, videoId: string, sessionId: string) {
  await db
    .deleteFrom('video_likes')
    .where('video_id', '=', videoId)
    .where('session_id', '=', sessionId)
    .execute();
}
