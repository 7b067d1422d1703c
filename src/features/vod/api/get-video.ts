import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { VideoStruct } from './structs';

/** GET /v1/videos/{id} (fresh signed media URLs). */
export const getVideo = (id: string) => api(`/v1/videos/${encodeURIComponent(id)}`, VideoStruct);

export const videoQueryOptions = (accountId: string, id: string) =>
  queryOptions({ queryKey: ['vod', accountId, 'video', id], queryFn: () => getVideo(id) });

export const useVideo = (accountId: string, id: string) => useQuery(videoQueryOptions(accountId, id));
