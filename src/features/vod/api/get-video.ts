import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePollWhileDisconnected } from '@/lib/realtime/use-realtime';
import { VideoStruct } from './structs';

/** GET /v1/videos/{id} (fresh signed media URLs). */
export const getVideo = (id: string) => api(`/v1/videos/${encodeURIComponent(id)}`, VideoStruct);

export const videoQueryOptions = (accountId: string, id: string) =>
  queryOptions({ queryKey: ['vod', accountId, 'video', id], queryFn: () => getVideo(id) });

/** One video; asked again every few seconds while it is still being made (a preview opened early,
 * e.g. from a live's recording link, starts playing once it is ready), while the account's events
 * (which say when it changes) do not arrive. */
export function useVideo(accountId: string, id: string) {
  const poll = usePollWhileDisconnected(3_000);
  return useQuery({
    ...videoQueryOptions(accountId, id),
    refetchInterval: (query) =>
      query.state.data && !['ready', 'failed'].includes(query.state.data.status) ? poll : false,
  });
}

/** The video a link names (`?videoId=`), when it names one. */
export const useLinkedVideo = (accountId: string, id: string | undefined) =>
  useQuery({ ...videoQueryOptions(accountId, id ?? ''), enabled: id !== undefined });
