import type { Executor } from '../schema.ts';

/** The media routes' look-ups (routes/playback/media.ts): by the id a signed playback link names, in
 * any account, reading only what each kind of file needs (segments are the hot path). */

/** A video's team and status (only a ready video's files are served). */
export async function findVideoToPlay(db: Executor, videoId: string) {
  return db
    .selectFrom('videos')
    .select(['account_id', 'status'])
    .where('id', '=', videoId)
    .executeTakeFirst();
}

/** What a live's playlist request is checked against: its team, rules, latency and status. */
export async function findLivePlaylistRules(db: Executor, liveId: string) {
  return db
    .selectFrom('live_streams')
    .select(['account_id', 'security', 'latency', 'status'])
    .where('id', '=', liveId)
    .executeTakeFirst();
}

/** A live's team, latency profile and rules (a segment's folder, nominal length and allowed pages). */
export async function findLiveSegmentOwner(db: Executor, liveId: string) {
  return db
    .selectFrom('live_streams')
    .select(['account_id', 'latency', 'security'])
    .where('id', '=', liveId)
    .executeTakeFirst();
}
