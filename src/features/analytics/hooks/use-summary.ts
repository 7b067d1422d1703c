import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  usePollWhileDisconnected,
  useRealtimeConnected,
  useRealtimeEvents,
} from '@/lib/realtime/use-realtime';
import { summaryQueryOptions } from '../api/get-summary';
import { analyticsKey } from '../api/keys';
import { summaryEventRefresh } from '../lib/events';

/** While the account socket is down, the figures of a live on air are read again this often. */
export const SUMMARY_POLL_MS = 10_000;

/** The live's summary figures (docs/analytics.md), kept current by the account's events
 * (services/events.ts), polled only while the socket is down. */
export function useSummary(liveId: string | undefined) {
  const queryClient = useQueryClient();
  const poll = usePollWhileDisconnected(SUMMARY_POLL_MS);
  const options = summaryQueryOptions(liveId ?? '');
  const query = useQuery({
    ...options,
    enabled: liveId !== undefined,
    refetchInterval: (q) => (q.state.data?.live.status === 'finished' ? false : poll),
  });

  useRealtimeEvents((event) => {
    if (event.evento === 'live_status' || event.evento === 'replay_incompleto')
      void queryClient.invalidateQueries({ queryKey: analyticsKey('lives') });
    if (!liveId) return;
    const refresh = summaryEventRefresh(event, liveId, queryClient.getQueryData(options.queryKey)?.signals);
    if (refresh === null) return;
    if (refresh === 'now') {
      void queryClient.invalidateQueries({ queryKey: options.queryKey, exact: true });
      return;
    }
    const state = queryClient.getQueryState(options.queryKey);
    if (state && state.fetchStatus !== 'fetching' && Date.now() - state.dataUpdatedAt >= refresh)
      void queryClient.refetchQueries({ queryKey: options.queryKey, exact: true });
  });

  const connected = useRealtimeConnected();
  const wasConnected = useRef(connected);
  const { refetch } = query;
  useEffect(() => {
    // What changed while the socket was away is not replayed: read it once the socket is back.
    if (connected && !wasConnected.current && liveId) void refetch();
    wasConnected.current = connected;
  }, [connected, refetch, liveId]);

  return query;
}
