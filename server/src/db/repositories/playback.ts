import type { Db, Executor } from '../schema.ts';
import { recentRead, VIEWER_READ_MAX_AGE_MS } from '../shared-read.ts';

/** The media routes' look-ups (routes/playback/media.ts): by the id a signed playback link names, in
 * any account (segments are the hot path). */

/** A video's team and status (only a ready video's files are served). */
export async function findVideoToPlay(db: Executor, videoId: string) {
  return db
    .selectFrom('videos')
    .select(['account_id', 'status'])
    .where('id', '=', videoId)
    .executeTakeFirst();
}

/**
 * What a live's playlist and segment requests are checked against: its team, rules, latency and status.
 * Every viewer's player asks for it every second or so: the answer is kept a second (shared-read.ts).
 */
export function findLivePlaybackRules(db: Db, liveId: string) {
  return recentRead(db, `live-rules:${liveId}`, VIEWER_READ_MAX_AGE_MS, () =>
    db
      .selectFrom('live_streams')
      .select(['account_id', 'security', 'latency', 'status'])
      .where('id', '=', liveId)
      .executeTakeFirst(),
  );
}
