import { queryOptions, useQuery } from '@tanstack/react-query';
import { array } from 'superstruct';
import { api } from '@/lib/api-client';
import { usePollWhileDisconnected } from '@/lib/realtime/use-realtime';
import { ProgressItemStruct } from './structs';

/** SPEC §9: polled every 5000 ms. */
export const PROGRESS_POLL_MS = 5000;

/** GET /v1/videos/transcode/progress. Silent and never retried: SPEC §7 "polling errors are ignored". */
export const getTranscodeProgress = () =>
  api('/v1/videos/transcode/progress', array(ProgressItemStruct), { silent: true });

export const transcodeProgressQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: ['vod', accountId, 'transcode-progress'],
    queryFn: getTranscodeProgress,
    retry: false,
  });

/** Polled while `polling` (the modal is open, or something is in progress) and the account's events
 * (src/features/vod/api/realtime.ts) do not arrive; while `subtitles` (an automatic-subtitles job runs,
 * which no event reports) polled anyway. */
export function useTranscodeProgress(accountId: string, polling: boolean, subtitles = false) {
  const poll = usePollWhileDisconnected(PROGRESS_POLL_MS);
  return useQuery({
    ...transcodeProgressQueryOptions(accountId),
    refetchInterval: polling ? (subtitles ? PROGRESS_POLL_MS : poll) : false,
    refetchIntervalInBackground: false,
  });
}
