import { SIMULCAST_FAILURES, SIMULCAST_STATES } from '@contract/integrations';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { array, enums, type Infer, nullable, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { simulcastPollMs } from '../lib/simulcast';
import type { StreamStatus } from '../lib/status';
import { streamingKey } from './stream';

export const SimulcastTargetStruct = type({
  id: string(),
  provider: enums(['youtube', 'facebook']),
  state: enums(SIMULCAST_STATES),
  name: nullable(string()),
  watchUrl: nullable(string()),
  reason: nullable(enums(SIMULCAST_FAILURES)),
});
export type SimulcastTarget = Infer<typeof SimulcastTargetStruct>;

/** GET /bff/simulcast/{liveId} (docs/integrations.md "Simulcast"): where the live goes besides Palco.
 * Silent: the panel shows nothing rather than an error when it cannot be read. */
export const getSimulcast = (liveId: string) =>
  api(`/bff/simulcast/${encodeURIComponent(liveId)}`, array(SimulcastTargetStruct), { silent: true });

/**
 * The live's simulcast destinations for its panel: read at mount, again when the live's status changes
 * (it starts or ends them), and polled while something may still change (no account event carries
 * them). Empty while unknown or when the team simulcasts nowhere.
 */
export function useSimulcast(liveId: string, status: StreamStatus): SimulcastTarget[] {
  const query = useQuery({
    queryKey: streamingKey('simulcast', liveId),
    queryFn: () => getSimulcast(liveId),
    refetchInterval: (q) => simulcastPollMs(status, q.state.data),
    refetchIntervalInBackground: false,
    retry: false,
  });
  const { refetch } = query;
  const seen = useRef(status);
  useEffect(() => {
    if (seen.current === status) return;
    seen.current = status;
    void refetch();
  }, [status, refetch]);
  return query.isError ? [] : (query.data ?? []);
}
