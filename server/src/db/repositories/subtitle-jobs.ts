import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { SubtitleJobRow, SubtitleJobStatus } from '../tables/subtitle-jobs.ts';

/** Whether a database error is the "one unfinished job per video" index refusing a second one. */
export function isUnfinishedConflict(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return (
    e?.code === '23505' && (e.constraint === undefined || e.constraint === 'subtitle_jobs_one_unfinished')
  );
}

export async function insertSubtitleJob(
  db: Executor,
  values: { videoId: string; accountId: string; language: string; createdBy: string | null },
): Promise<SubtitleJobRow> {
  return db
    .insertInto('subtitle_jobs')
    .values({
      video_id: values.videoId,
      account_id: values.accountId,
      language: values.language,
      created_by: values.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findSubtitleJob(db: Executor, id: string): Promise<SubtitleJobRow | undefined> {
  return db.selectFrom('subtitle_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The video's newest job, finished or not. */
export async function latestSubtitleJob(db: Executor, videoId: string): Promise<SubtitleJobRow | undefined> {
  return db
    .selectFrom('subtitle_jobs')
    .selectAll()
    .where('video_id', '=', videoId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function updateSubtitleJob(
  db: Executor,
  id: string,
  changes: { status?: SubtitleJobStatus; progress?: number; engine?: string; error?: string | null },
): Promise<void> {
  await db
    .updateTable('subtitle_jobs')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Progress only while the job still runs (a deleted or failed one is left as it is). */
export async function setSubtitleJobProgress(db: Executor, id: string, progress: number): Promise<void> {
  await db
    .updateTable('subtitle_jobs')
    .set({ progress, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** Unfinished jobs of the account, and those finished in the last `recentMinutes`, newest first. */
export async function listActiveSubtitleJobs(
  db: Executor,
  accountId: string,
  recentMinutes: number,
  limit: number,
): Promise<(SubtitleJobRow & { title: string })[]> {
  const since = new Date(Date.now() - recentMinutes * 60_000);
  return db
    .selectFrom('subtitle_jobs')
    .innerJoin('videos', 'videos.id', 'subtitle_jobs.video_id')
    .selectAll('subtitle_jobs')
    .select('videos.title')
    .where('subtitle_jobs.account_id', '=', accountId)
    .where((eb) =>
      eb.or([
        eb('subtitle_jobs.status', 'in', ['queued', 'running']),
        eb('subtitle_jobs.updated_at', '>=', since),
      ]),
    )
    .orderBy('subtitle_jobs.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Jobs a killed process left unfinished (single-process data dir): nobody runs them any more. */
export async function failOrphanSubtitleJobs(db: Executor, error: string): Promise<void> {
  await db
    .updateTable('subtitle_jobs')
    .set({ status: 'failed', error, updated_at: sql`now()` })
    .where('status', '=', 'running')
    .execute();
}
