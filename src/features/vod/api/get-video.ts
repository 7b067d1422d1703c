import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { VideoStruct } from './structs';

/** GET /v1/videos/{id} (fresh signed media URLs). */
export const getVideo = (id: string) => api(`/v1/videos/${encodeURIComponent(id)}`, VideoStruct);

export const videoQueryOptions = (accountId: string, id: string) =>
  queryOptions({ queryKey: ['vod', accountId, 'video', id], queryFn: () => getVideo(id) });

/** One video; asked again every few seconds while it is still being made (a preview opened early,
 * e.g. from a live's recording link, starts playing once it is ready). */
export const useVideo = (accountId: string, id: string) =>
  useQuery({
    ...videoQueryOptions(accountId, id),
    refetchInterval: (query) =>
      query.state.data && !['ready', 'failed'].includes(query.state.data.status) ? 3_000 : false,
  });

/** The video a link names (`?videoId=`), when it names one. */
export const useLinkedVideo = (accountId: string, id: string | undefined) =>
  useQuery({ ...videoQueryOptions(accountId, id ?? ''), enabled: id !== undefined });
