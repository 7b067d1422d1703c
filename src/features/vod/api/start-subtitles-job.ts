import { queryOptions } from '@tanstack/react-query';
import { array, enums, type Infer, nullable, number, optional, string, type } from 'superstruct';
import { api } from '@/lib/api-client';

export const SubtitlesJobStruct = type({
  status: enums(['unavailable', 'none', 'queued', 'running', 'done', 'failed']),
  language: optional(string()),
  progress: optional(number()),
  error: optional(nullable(string())),
  languages: array(string()),
});
export type SubtitlesJob = Infer<typeof SubtitlesJobStruct>;

const url = (id: string) => `/v1/videos/${encodeURIComponent(id)}/subtitles/job`;

/** POST /v1/videos/{id}/subtitles/job: starts automatic subtitles of one language (docs/api-videos.md). */
export const startSubtitlesJob = (id: string, language: string) =>
  api(url(id), SubtitlesJobStruct, { method: 'POST', body: { language } });

/** GET /v1/videos/{id}/subtitles/job: the video's newest job, polled while it runs. */
export const getSubtitlesJob = (id: string) => api(url(id), SubtitlesJobStruct, { silent: true });

export const subtitlesJobQueryOptions = (accountId: string, id: string) =>
  queryOptions({ queryKey: ['vod', accountId, 'subtitles-job', id], queryFn: () => getSubtitlesJob(id) });

/** Whether a job is still to finish. */
export const jobRunning = (job: SubtitlesJob | undefined) =>
  job?.status === 'queued' || job?.status === 'running';
