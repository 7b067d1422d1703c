import { type Infer, optional, string, type } from 'superstruct';
import { api } from '@/lib/api-client';

export const SubtitlesJobStruct = type({ status: string(), message: optional(string()) });
export type SubtitlesJob = Infer<typeof SubtitlesJobStruct>;

/** POST /v1/videos/{id}/subtitles/job: automatic subtitles (this server answers 'unavailable'). */
export const startSubtitlesJob = (id: string) =>
  api(`/v1/videos/${encodeURIComponent(id)}/subtitles/job`, SubtitlesJobStruct, { method: 'POST' });
