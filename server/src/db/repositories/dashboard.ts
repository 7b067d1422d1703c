import type { Executor } from '../schema.ts';

/** What the dashboard lists of each kind (docs/decisions.md "The dashboard"). */
export const DASHBOARD_LIMIT = 5;

/** Streams on air (live or paused), longest running first. */
export function liveNow(db: Executor, accountId: string) {
  return db
    .selectFrom('live_streams')
    .select(['id', 'nome', 'status', 'started_at'])
    .where('account_id', '=', accountId)
    .where('status', 'in', ['live', 'paused'])
    .orderBy('started_at')
    .limit(DASHBOARD_LIMIT * 4)
    .execute();
}

/** Scheduled streams whose start falls inside [from, to). */
export function startingBetween(db: Executor, accountId: string, from: Date, to: Date) {
  return db
    .selectFrom('live_streams')
    .select(['id', 'nome', 'scheduled_start_time'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'scheduled')
    .where('scheduled_start_time', '>=', from)
    .where('scheduled_start_time', '<', to)
    .orderBy('scheduled_start_time')
    .limit(DASHBOARD_LIMIT * 4)
    .execute();
}

export function recentUploads(db: Executor, accountId: string) {
  return db
    .selectFrom('videos')
    .select(['id', 'title', 'status', 'transcode_progress', 'transcode_started_at', 'created_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(DASHBOARD_LIMIT)
    .execute();
}

/** Videos whose transcode failed since `since`, latest first. */
export function failedVideos(db: Executor, accountId: string, since: Date) {
  return db
    .selectFrom('videos')
    .select(['id', 'title', 'updated_at'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'failed')
    .where('updated_at', '>=', since)
    .orderBy('updated_at', 'desc')
    .limit(DASHBOARD_LIMIT)
    .execute();
}

/** Log entries of these events since `since`, latest first. */
export function recentLogEvents(db: Executor, accountId: string, events: string[], since: Date) {
  return db
    .selectFrom('activity_logs')
    .select(['id', 'event', 'identifier', 'record', 'created_at'])
    .where('account_id', '=', accountId)
    .where('event', 'in', events)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .limit(DASHBOARD_LIMIT)
    .execute();
}

export async function accountTimeZone(db: Executor, accountId: string): Promise<string> {
  const row = await db
    .selectFrom('accounts')
    .select('time_zone')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.time_zone ?? 'America/Sao_Paulo';
}
