import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { array, number, optional, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { StreamStruct, streamingKey } from './stream';

export const StreamPageStruct = type({
  items: array(StreamStruct),
  pagination: type({
    page: number(),
    limit: number(),
    total: optional(number()),
    pagesTotal: number(),
  }),
});

export interface StreamsQuery {
  sort: string;
  page: number;
  limit: number;
  title?: string;
  /** One status, or several separated by commas (`live,paused`). */
  status?: string;
  /** false: without finished streams; true: only finished ones (history). */
  shutdown: boolean;
}

/** GET /v1/live-streams?sort&page&limit=10&title&status&shutdown. */
export const listStreams = (query: StreamsQuery) =>
  api('/v1/live-streams', StreamPageStruct, { query: { ...query } });

export const streamsQueryOptions = (query: StreamsQuery) =>
  queryOptions({ queryKey: streamingKey('list', query), queryFn: () => listStreams(query) });

/** The route's loader fetches the list on every visit (SPEC: data is always refetched); the page does
 * not fetch it again when it mounts, which on a tab's first page (rendered in steps) came right after
 * the loader's answer. The previous page stays on screen (as placeholder) while the next loads. */
export const useStreams = (query: StreamsQuery) =>
  useQuery({ ...streamsQueryOptions(query), placeholderData: keepPreviousData, refetchOnMount: false });
