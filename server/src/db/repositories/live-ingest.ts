import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { LiveStreamRow } from '../tables/streams.ts';

/** The queries of the ingest's background work: the signal monitor, auto start and auto cuts, and the
 * live-to-VOD recording job (media/live-monitor.ts, media/live-automation.ts, media/live-recording.ts).
 * Streams are found by id across accounts here: the callers hold ids the ingest itself gave out. */

/** Name and the team's frame-rate limit of the streams being published. */
export async function streamsWithFpsLimit(
  db: Executor,
  ids: string[],
): Promise<{ id: string; nome: string; fps_limit: number }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('live_streams as s')
    .innerJoin('accounts as a', 'a.id', 's.account_id')
    .select(['s.id', 's.nome', 'a.fps_limit'])
    .where('s.id', 'in', ids)
    .execute();
}

/** The streams whose signals carried content just now (the auto cut counts from the last one). */
export async function markSignalContent(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('live_streams')
    .set({ last_signal_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .execute();
}

/** A finished stream's recording is being made into a video. */
export async function markRecordingProcessing(db: Executor, id: string): Promise<void> {
  await db.updateTable('live_streams').set({ recording_status: 'processing' }).where('id', '=', id).execute();
}

/**
 * Starts the scheduled stream with auto start on one of whose signals has this key, if its time has
 * come and its team is not blocked for non-payment (it starts no new stream, not even automatically).
 * One guarded update: a stream starts once however many publishes race.
 */
export async function autoStartStreamByKey(trx: Executor, key: string): Promise<LiveStreamRow | undefined> {
  return trx
    .updateTable('live_streams')
    .set((eb) => ({
      status: 'live',
      updated_at: sql<Date>`now()`,
      started_at: eb.fn.coalesce('started_at', sql<Date>`now()`),
    }))
    .where(sql<boolean>`signals @> ${JSON.stringify([{ key }])}::jsonb`)
    .where('status', '=', 'scheduled')
    .where('auto_start', '=', true)
    .where('scheduled_start_time', '<=', sql<Date>`now()`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('accounts')
            .select('accounts.id')
            .whereRef('accounts.id', '=', 'live_streams.account_id')
            .where('accounts.blocked', '=', true),
        ),
      ),
    )
    .returningAll()
    .executeTakeFirst();
}

/**
 * Finishes every live with auto cuts on whose signals carried no content for `autoCutMs` (counted from
 * the last content, or from when it went live). The guarded update lets one instance end each stream.
 */
export async function finishSilentStreams(trx: Executor, autoCutMs: number): Promise<LiveStreamRow[]> {
  const before = sql<Date>`now() - ${`${autoCutMs} milliseconds`}::interval`;
  return trx
    .updateTable('live_streams')
    .set({ status: 'finished', updated_at: sql<Date>`now()`, finished_at: sql<Date>`now()` })
    .where('status', '=', 'live')
    .where('auto_cuts', '=', true)
    .where('updated_at', '<', before)
    .where((eb) => eb.or([eb('last_signal_at', 'is', null), eb('last_signal_at', '<', before)]))
    .returningAll()
    .execute();
}

/** Nothing to make of the recording: forget that one was being made, unless a video was made. */
export async function clearRecordingStatus(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('live_streams')
    .set({ recording_status: null })
    .where('id', '=', id)
    .where('recording_video_id', 'is', null)
    .execute();
}

/** The stream's recording video id under a row lock (null: none yet); undefined when it is gone. */
export async function lockRecordingVideoId(trx: Executor, id: string): Promise<string | null | undefined> {
  const row = await trx
    .selectFrom('live_streams')
    .select(['recording_video_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? row.recording_video_id : undefined;
}

/** Points the stream at the video its recording became. */
export async function setRecordingVideo(trx: Executor, id: string, videoId: string): Promise<void> {
  await trx
    .updateTable('live_streams')
    .set({ recording_video_id: videoId, recording_status: 'processing' })
    .where('id', '=', id)
    .execute();
}
