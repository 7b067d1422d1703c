import type { Generated, Selectable } from 'kysely';

export interface VideoSubtitlesTable {
  video_id: string;
  /** BCP 47 tag as sent (e.g. pt-BR). */
  language: string;
  /** Storage key of the WebVTT file, relative to the video's media folder. */
  file_key: string;
  created_at: Generated<Date>;
}

export type VideoSubtitleRow = Selectable<VideoSubtitlesTable>;
