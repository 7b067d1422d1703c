import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { StreamStatus } from '../tables/streams.ts';

/** What the public viewer side needs of a live: its team and state. No account check: the id is public. */
export async function findLiveForViewers(
  db: Executor,
  id: string,
): Promise<{ id: string; account_id: string; status: StreamStatus; nome: string } | undefined> {
  return db
    .selectFrom('live_streams')
    .select(['id', 'account_id', 'status', 'nome'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The last viewer count published for a live (0 when none was). */
export async function publishedViewerCount(db: Executor, liveId: string): Promise<number> {
  const row = await db
    .selectFrom('live_viewer_counts')
    .select('total')
    .where('live_id', '=', liveId)
    .executeTakeFirst();
  return row?.total ?? 0;
}

/** The team that owns a live or a video (null when it no longer exists). */
export async function ownerOf(db: Executor, kind: 'live' | 'vod', id: string): Promise<string | null> {
  const row =
    kind === 'live'
      ? await db.selectFrom('live_streams').select('account_id').where('id', '=', id).executeTakeFirst()
      : await db.selectFrom('videos').select('account_id').where('id', '=', id).executeTakeFirst();
  return row?.account_id ?? null;
}

/** Sessions watching each live now: a beacon younger than `timeoutMs`, no final event. */
export async function watchingNow(
  db: Executor,
  timeoutMs: number,
): Promise<{ live_id: string; account_id: string; total: number }[]> {
  const since = new Date(Date.now() - timeoutMs);
  const rows = await db
    .selectFrom('viewer_sessions')
    .select(['live_id', 'account_id', sql<string>`count(*)`.as('total')])
    .where('last_seen_at', '>', since)
    .where('ended', '=', false)
    // A session counts once its player fetched the live's manifest, not for being issued.
    .where('media_at', 'is not', null)
    .groupBy(['live_id', 'account_id'])
    .execute();
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}

/** Lives whose last published count is above zero. */
export async function countedLives(db: Executor): Promise<{ live_id: string; account_id: string }[]> {
  return db
    .selectFrom('live_viewer_counts')
    .select(['live_id', 'account_id'])
    .where('total', '>', 0)
    .execute();
}

/** Stores a live's count when it changed; true for the one caller (of any instance) that changed it. */
export async function recordViewerCount(
  db: Executor,
  liveId: string,
  accountId: string,
  total: number,
): Promise<boolean> {
  const row = await db
    .insertInto('live_viewer_counts')
    .values({ live_id: liveId, account_id: accountId, total })
    .onConflict((oc) =>
      oc
        .column('live_id')
        .doUpdateSet({ total, updated_at: new Date() })
        .where('live_viewer_counts.total', '<>', total),
    )
    .returning('live_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets sessions silent for longer than `olderThanMs` (their events stay in playback_events). */
export async function forgetQuietSessions(db: Executor, olderThanMs: number): Promise<void> {
  await db
    .deleteFrom('viewer_sessions')
    .where('last_seen_at', '<', new Date(Date.now() - olderThanMs))
    .execute();
}

/** The sessions watching one live now (what the next count will publish). */
export async function watchingLive(db: Executor, liveId: string, timeoutMs: number): Promise<number> {
  const row = await db
    .selectFrom('viewer_sessions')
    .select(sql<string>`count(*)`.as('total'))
    .where('live_id', '=', liveId)
    .where('last_seen_at', '>', new Date(Date.now() - timeoutMs))
    .where('ended', '=', false)
    .where('media_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
