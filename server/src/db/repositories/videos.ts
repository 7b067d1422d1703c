import { sql } from 'kysely';
import { containsPlain } from '../plain-search.ts';
import type { Executor } from '../schema.ts';
import type { Rendition, VideoRow, VideoStatus } from '../tables/videos.ts';

/** A video with its upload state, as the routes show it. */
export interface VideoRecord extends VideoRow {
  upload_total: number | null;
  upload_offset: number;
  upload_complete: boolean;
}

function withUpload(db: Executor) {
  return db
    .selectFrom('videos as v')
    .innerJoin('video_uploads as u', 'u.video_id', 'v.id')
    .selectAll('v')
    .select([
      'u.total_bytes as upload_total',
      'u.offset_bytes as upload_offset',
      'u.complete as upload_complete',
    ]);
}

type RawRecord = Omit<VideoRecord, 'upload_total' | 'upload_offset'> & {
  upload_total: string | number | null;
  upload_offset: string | number;
};

function record(row: RawRecord): VideoRecord {
  return {
    ...row,
    upload_total: row.upload_total === null ? null : Number(row.upload_total),
    upload_offset: Number(row.upload_offset),
    renditions: Array.isArray(row.renditions) ? row.renditions : [],
  };
}

/** A processing video whose transcode has not started: it waits in the queue (docs/uploads.md "Queued
 * transcodes"); its progress is 0 until then, which must not read as a stalled transcode. */
export const isQueued = (video: Pick<VideoRow, 'status' | 'transcode_started_at'>): boolean =>
  video.status === 'processing' && video.transcode_started_at === null;

export async function findVideo(db: Executor, id: string): Promise<VideoRecord | undefined> {
  const row = await withUpload(db).where('v.id', '=', id).executeTakeFirst();
  return row ? record(row) : undefined;
}

/** A new video awaiting its upload, with its (empty) upload row. */
export async function createVideo(
  db: Executor,
  values: {
    /** An id chosen beforehand (a recording's source is put under it before the row exists). */
    id?: string;
    accountId: string;
    directoryId: string | null;
    title: string;
    description: string;
    createdBy: string | null;
  },
): Promise<string> {
  const { id } = await db
    .insertInto('videos')
    .values({
      ...(values.id ? { id: values.id } : {}),
      account_id: values.accountId,
      directory_id: values.directoryId,
      title: values.title,
      description: values.description,
      created_by: values.createdBy,
      error: null,
      duration_seconds: null,
      width: null,
      height: null,
      thumbnail_key: null,
      end_screen_key: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('video_uploads')
    .values({ video_id: id, lease_token: null, lease_expires_at: null })
    .execute();
  return id;
}

export interface VideoListQuery {
  accountId: string;
  /** A folder id, 'root' for top-level videos, undefined for all. */
  directory: string | undefined;
  search: string | undefined;
  status: VideoStatus | undefined;
  page: number;
  limit: number;
}

export async function listVideos(
  db: Executor,
  q: VideoListQuery,
): Promise<{ items: VideoRecord[]; total: number }> {
  let base = withUpload(db).where('v.account_id', '=', q.accountId);
  if (q.directory === 'root') base = base.where('v.directory_id', 'is', null);
  else if (q.directory) base = base.where('v.directory_id', '=', q.directory);
  if (q.search) base = base.where(containsPlain('v.title', q.search));
  if (q.status) base = base.where('v.status', '=', q.status);
  // The page and the total in one query (`count(*) over ()` counts every row the filters match, before
  // the limit): one round trip instead of two (docs/server.md "Where a request's time goes"). A page past
  // the end has no row to carry the total, so only then is it counted on its own.
  const rows = await base
    .select(sql<string | number>`count(*) over ()`.as('total_matching'))
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  if (rows.length === 0) {
    if (q.page === 1) return { items: [], total: 0 };
    const count = await base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    return { items: [], total: Number(count?.n ?? 0) };
  }
  const total = Number(rows[0]!.total_matching);
  return { items: rows.map(({ total_matching: _, ...row }) => record(row)), total };
}

export type VideoChanges = Partial<
  Pick<
    VideoRow,
    | 'title'
    | 'description'
    | 'directory_id'
    | 'status'
    | 'error'
    | 'transcode_progress'
    | 'transcode_started_at'
    | 'duration_seconds'
    | 'width'
    | 'height'
    | 'thumbnail_key'
    | 'custom_thumbnail'
    | 'end_screen_key'
  > & { renditions: Rendition[] }
>;

export async function updateVideo(db: Executor, id: string, changes: VideoChanges): Promise<boolean> {
  const { renditions, ...rest } = changes;
  const result = await db
    .updateTable('videos')
    .set({
      ...rest,
      ...(renditions ? { renditions: JSON.stringify(renditions) } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Only while the video is still processing (a deleted or re-failed video is left alone). */
export async function setTranscodeProgress(db: Executor, id: string, progress: number): Promise<void> {
  await db
    .updateTable('videos')
    .set({ transcode_progress: progress, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .execute();
}

/** The video leaves awaiting_upload with its first stored bytes (and shows as recently active). */
export async function markUploading(trx: Executor, videoId: string): Promise<void> {
  await trx
    .updateTable('videos')
    .set({ status: 'uploading', updated_at: sql`now()` })
    .where('id', '=', videoId)
    .where('status', 'in', ['awaiting_upload', 'uploading'])
    .execute();
}

/** The ids of every video of an account. */
export async function listVideoIds(db: Executor, accountId: string): Promise<string[]> {
  const rows = await db.selectFrom('videos').select('id').where('account_id', '=', accountId).execute();
  return rows.map((r) => r.id);
}

export async function deleteVideo(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('videos').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The processing modal's items: videos being uploaded or transcoded, and those that finished in the
 * last `recentMinutes`, most recently active first.
 */
export async function listActiveVideos(
  db: Executor,
  accountId: string,
  recentMinutes: number,
  limit: number,
): Promise<VideoRecord[]> {
  const rows = await withUpload(db)
    .where('v.account_id', '=', accountId)
    .where((eb) =>
      eb.or([
        eb('v.status', 'in', ['uploading', 'processing']),
        eb.and([
          eb('v.status', 'in', ['ready', 'failed']),
          eb('v.updated_at', '>', sql<Date>`now() - make_interval(mins => ${recentMinutes})`),
        ]),
      ]),
    )
    .orderBy('v.updated_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(record);
}
