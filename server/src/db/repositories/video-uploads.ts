import { sql } from 'kysely';
import type { Executor } from '../schema.ts';

export interface UploadState {
  videoId: string;
  total: number | null;
  offset: number;
  complete: boolean;
}

export async function findUpload(db: Executor, videoId: string): Promise<UploadState | undefined> {
  const row = await db
    .selectFrom('video_uploads')
    .select(['video_id', 'total_bytes', 'offset_bytes', 'complete'])
    .where('video_id', '=', videoId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    videoId: row.video_id,
    total: row.total_bytes === null ? null : Number(row.total_bytes),
    offset: Number(row.offset_bytes),
    complete: row.complete,
  };
}

/**
 * Takes the upload's lease for `seconds` if nobody holds a live one. Atomic on both engines (one
 * conditional UPDATE), so two instances cannot both get it.
 */
export async function tryAcquireLease(
  db: Executor,
  videoId: string,
  token: string,
  seconds: number,
): Promise<boolean> {
  const result = await db
    .updateTable('video_uploads')
    .set({ lease_token: token, lease_expires_at: sql`now() + make_interval(secs => ${seconds})` })
    .where('video_id', '=', videoId)
    .where((eb) => eb.or([eb('lease_token', 'is', null), eb('lease_expires_at', '<', sql<Date>`now()`)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function renewLease(
  db: Executor,
  videoId: string,
  token: string,
  seconds: number,
): Promise<boolean> {
  const result = await db
    .updateTable('video_uploads')
    .set({ lease_expires_at: sql`now() + make_interval(secs => ${seconds})` })
    .where('video_id', '=', videoId)
    .where('lease_token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseLease(db: Executor, videoId: string, token: string): Promise<void> {
  await db
    .updateTable('video_uploads')
    .set({ lease_token: null, lease_expires_at: null })
    .where('video_id', '=', videoId)
    .where('lease_token', '=', token)
    .execute();
}

/** Every lease: only safe where one process owns the database (embedded PGlite), at start. */
export async function releaseAllLeases(db: Executor): Promise<void> {
  await db
    .updateTable('video_uploads')
    .set({ lease_token: null, lease_expires_at: null })
    .where('lease_token', 'is not', null)
    .execute();
}

/**
 * Records fsync'd bytes. Fenced by the lease: a writer that lost it (stalled past its expiry) cannot
 * move the offset. The offset never moves backwards, except by `reset`.
 */
export async function commitOffset(
  db: Executor,
  values: {
    videoId: string;
    token: string;
    total: number | null;
    offset: number;
    complete?: boolean;
    reset?: boolean;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('video_uploads')
    .set({
      total_bytes: values.total,
      offset_bytes: values.reset ? values.offset : sql`greatest(offset_bytes, ${values.offset})`,
      ...(values.complete ? { complete: true } : {}),
      updated_at: sql`now()`,
    })
    .where('video_id', '=', values.videoId)
    .where('lease_token', '=', values.token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The upload row of a video whose source arrived whole by another way (a live recording). */
export async function markUploadComplete(db: Executor, videoId: string, size: number): Promise<void> {
  await db
    .updateTable('video_uploads')
    .set({ total_bytes: size, offset_bytes: size, complete: true })
    .where('video_id', '=', videoId)
    .execute();
}
