import { queryOptions, useQuery } from '@tanstack/react-query';
import { number, type } from 'superstruct';
import { api } from '@/lib/api-client';

export const TotalLikesStruct = type({ totalLikes: number() });

/** GET /v1/analytics/vod/{id}/total-likes. */
export const getTotalLikes = (id: string) =>
  api(`/v1/analytics/vod/${encodeURIComponent(id)}/total-likes`, TotalLikesStruct, { silent: true });

export const totalLikesQueryOptions = (accountId: string, id: string) =>
  queryOptions({ queryKey: ['vod', accountId, 'likes', id], queryFn: () => getTotalLikes(id), retry: false });

export const useTotalLikes = (accountId: string, id: string) =>
  useQuery(totalLikesQueryOptions(accountId, id));
