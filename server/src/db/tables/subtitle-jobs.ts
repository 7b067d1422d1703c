import type { Generated, Selectable } from 'kysely';

export const SUBTITLE_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type SubtitleJobStatus = (typeof SUBTITLE_JOB_STATUSES)[number];

/** One request for automatic subtitles (server/src/media/subtitle-jobs.ts). */
export interface SubtitleJobsTable {
  id: Generated<string>;
  video_id: string;
  account_id: string;
  /** BCP 47, canonical case (pt-BR). */
  language: string;
  status: Generated<SubtitleJobStatus>;
  /** 0–100. */
  progress: Generated<number>;
  /** The engine that ran it (pocketsphinx, whisper). */
  engine: string | null;
  /** Why it failed: a message key of i18n-videos.ts, localized when answered. */
  error: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type SubtitleJobRow = Selectable<SubtitleJobsTable>;
