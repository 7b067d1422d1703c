import type { Executor } from '../schema.ts';
import type { VideoSubtitleRow } from '../tables/video-subtitles.ts';

export async function listSubtitles(db: Executor, videoId: string): Promise<VideoSubtitleRow[]> {
  return db
    .selectFrom('video_subtitles')
    .selectAll()
    .where('video_id', '=', videoId)
    .orderBy('language')
    .execute();
}

export async function listSubtitlesOf(db: Executor, videoIds: string[]): Promise<VideoSubtitleRow[]> {
  if (videoIds.length === 0) return [];
  return db
    .selectFrom('video_subtitles')
    .selectAll()
    .where('video_id', 'in', videoIds)
    .orderBy('language')
    .execute();
}

export async function findSubtitle(
  db: Executor,
  videoId: string,
  language: string,
): Promise<VideoSubtitleRow | undefined> {
  return db
    .selectFrom('video_subtitles')
    .selectAll()
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .executeTakeFirst();
}

/** Adds or replaces the subtitle of one language; answers the key it replaced, if any. */
export async function upsertSubtitle(
  db: Executor,
  values: { videoId: string; language: string; fileKey: string },
): Promise<string | undefined> {
  const previous = await db
    .selectFrom('video_subtitles')
    .select('file_key')
    .where('video_id', '=', values.videoId)
    .where('language', '=', values.language)
    .forUpdate()
    .executeTakeFirst();
  await db
    .insertInto('video_subtitles')
    .values({ video_id: values.videoId, language: values.language, file_key: values.fileKey })
    .onConflict((oc) => oc.columns(['video_id', 'language']).doUpdateSet({ file_key: values.fileKey }))
    .execute();
  return previous?.file_key;
}

export async function deleteSubtitle(
  db: Executor,
  videoId: string,
  language: string,
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('video_subtitles')
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .returning('file_key')
    .executeTakeFirst();
  return row?.file_key;
}
