import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { overlaysKey } from './overlay';

const LivePageStruct = type({ items: array(type({ id: string(), nome: string(), status: string() })) });

/** GET /v1/live-streams (not finished, newest 50): the lives an overlay can be turned on for. */
export const livesQueryOptions = () =>
  queryOptions({
    queryKey: overlaysKey('lives'),
    queryFn: async () =>
      (
        await api('/v1/live-streams', LivePageStruct, {
          query: { shutdown: false, limit: 50, page: 1, sort: 'date,desc' },
        })
      ).items,
  });

export const useLives = () => useQuery(livesQueryOptions());
