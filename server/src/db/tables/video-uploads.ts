import type { ColumnType, Generated, Selectable } from 'kysely';

/** int8 arrives as a string from `pg` and as a number from PGlite. */
type Int8 = ColumnType<string | number, number | undefined, number>;

/** The durable state of a video's source upload. */
export interface VideoUploadsTable {
  video_id: string;
  total_bytes: ColumnType<string | number | null, number | null | undefined, number | null>;
  /** Bytes 0..offset-1 are on disk and fsync'd: the only bytes a resumed upload may skip. */
  offset_bytes: Int8;
  complete: Generated<boolean>;
  /** The writer currently holding this upload (serialises concurrent requests, across instances). */
  lease_token: string | null;
  lease_expires_at: Date | null;
  updated_at: Generated<Date>;
}

export type VideoUploadRow = Selectable<VideoUploadsTable>;
