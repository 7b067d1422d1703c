import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { array, number, optional, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { usePollWhileDisconnected } from '@/lib/realtime/use-realtime';
import { VideoStruct } from './structs';

export const VideoPageStruct = type({
  items: array(VideoStruct),
  pagination: type({
    page: optional(number()),
    limit: optional(number()),
    total: optional(number()),
    pagesTotal: number(),
  }),
});

export interface VideosQuery {
  /** A folder id, 'root' for the top level, undefined for every video of the account. */
  directoryId: string | undefined;
  search?: string;
  page: number;
  limit: number;
}

/** GET /v1/videos?directoryId&search&page&limit (newest first). */
export const listVideos = (query: VideosQuery) =>
  api('/v1/videos', VideoPageStruct, {
    query: {
      directoryId: query.directoryId || undefined,
      page: query.page,
      limit: query.limit,
      search: query.search || undefined,
    },
  });

export const videosQueryOptions = (accountId: string, query: VideosQuery) =>
  queryOptions({ queryKey: ['vod', accountId, 'videos', query], queryFn: () => listVideos(query) });

/** While a video is being uploaded or processed, its row follows along (every 5 s, like the modal;
 * from the account's events while they arrive). */
export function useVideos(accountId: string, query: VideosQuery) {
  const poll = usePollWhileDisconnected(5000);
  return useQuery({
    ...videosQueryOptions(accountId, query),
    placeholderData: keepPreviousData,
    // The route's loader fetches it on every visit (src/features/streaming/api/list-streams.ts).
    refetchOnMount: false,
    refetchInterval: (q) =>
      q.state.data?.items.some((v) => v.status === 'uploading' || v.status === 'processing') ? poll : false,
  });
}
