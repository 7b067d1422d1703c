import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, enums, type Infer, nullable, optional, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { usePollWhileDisconnected } from '@/lib/realtime/use-realtime';
import { analyticsKey } from './keys';

export const LIVE_STATUSES = ['live', 'paused', 'scheduled', 'finished'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

const LivesStruct = type({
  items: array(
    type({
      id: string(),
      titulo: string(),
      status: enums(LIVE_STATUSES),
      data: optional(nullable(string())),
    }),
  ),
});
export type AnalyticsLive = Infer<typeof LivesStruct>['items'][number];

/** How many lives the picker offers (docs/analytics.md: those on air first, then the newest). */
export const LIVES_LIMIT = 50;
/** The list is read again this often while the account socket is down (a `live_status` event reads
 * it again otherwise). */
const LIVES_POLL_MS = 30_000;

export const livesQueryOptions = () =>
  queryOptions({
    queryKey: analyticsKey('lives'),
    queryFn: () =>
      api('/v1/analytics/lives', LivesStruct, { query: { limit: LIVES_LIMIT }, silent: true }).then(
        (body) => body.items,
      ),
  });

/** GET /v1/analytics/lives: the lives to pick from. */
export function useAnalyticsLives() {
  const refetchInterval = usePollWhileDisconnected(LIVES_POLL_MS);
  return useQuery({ ...livesQueryOptions(), refetchInterval });
}
