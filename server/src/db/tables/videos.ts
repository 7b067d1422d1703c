import type { ColumnType, Generated, Selectable } from 'kysely';

export const VIDEO_STATUSES = ['awaiting_upload', 'uploading', 'processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** One HLS rendition as the master playlist declares it. */
export interface Rendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
}

export interface VideosTable {
  id: Generated<string>;
  account_id: string;
  directory_id: string | null;
  title: string;
  description: Generated<string>;
  status: Generated<VideoStatus>;
  /** Why the video failed (pt-BR), shown to the user. */
  error: string | null;
  /** 0–100, written by the transcode job. */
  transcode_progress: Generated<number>;
  /** When the transcode of the current source began; null while it waits in the queue. */
  transcode_started_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  duration_seconds: number | null;
  width: number | null;
  height: number | null;
  renditions: ColumnType<Rendition[], string | undefined, string>;
  /** Storage keys (relative to the video's media folder). */
  thumbnail_key: string | null;
  custom_thumbnail: Generated<boolean>;
  end_screen_key: string | null;
  likes: Generated<number>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type VideoRow = Selectable<VideosTable>;
