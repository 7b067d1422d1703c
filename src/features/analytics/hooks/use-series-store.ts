import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useRealtimeConnected, useRealtimeEvents } from '@/lib/realtime/use-realtime';
import { useOnline } from '@/lib/use-online';
import { fetchSeries } from '../api/get-series';
import { analyticsKey } from '../api/keys';
import { seriesEventAction } from '../lib/events';
import { METRICS } from '../lib/metrics';
import { initialSeriesState, type SeriesAction, type SeriesState, seriesReducer } from '../lib/series-store';

/** While the account socket is down, the series of a live on air are read again this often. */
export const SERIES_POLL_MS = 10_000;

/** Where a live's series store lives: a query the page writes itself (never fetched by the query
 * library), so it is persisted with the rest of the cache and a page opened offline shows the last
 * series. */
export const seriesStoreKey = (liveId: string) => analyticsKey('series', liveId);

const INITIAL = initialSeriesState();

/**
 * The series of one live (SPEC §3, §4), kept current:
 * - every metric is fetched when the page opens, when the live changes, when the browser is back
 *   online and when the account socket (re)connects or lost events (`replay_incompleto`);
 * - while the socket is up, the `analytics` pushes of this live are merged and nothing polls; while it
 *   is down, a live on air is read again every SERIES_POLL_MS;
 * - `windowed` (the live is on air) keeps the last 30 minutes; undefined while the status is not known
 *   yet (nothing is fetched then: a finished live's history must not be cut to a window).
 */
export function useSeriesStore(liveId: string | undefined, windowed: boolean | undefined): SeriesState {
  const queryClient = useQueryClient();
  const key = seriesStoreKey(liveId ?? '');
  const keyText = JSON.stringify(key);
  const { data } = useQuery<SeriesState>({ queryKey: key, queryFn: skipToken });

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyText stands for the key
  const dispatch = useCallback(
    (action: SeriesAction) =>
      queryClient.setQueryData<SeriesState>(key, (old) => seriesReducer(old ?? initialSeriesState(), action)),
    [queryClient, keyText],
  );

  // Only the live on screen keeps a store: another live's series (a finished one holds its whole
  // history) are dropped rather than persisted for nothing, and a late answer for it is not applied.
  const current = useRef(liveId);
  current.current = liveId;
  useEffect(() => {
    if (!liveId) return;
    queryClient.removeQueries({
      queryKey: analyticsKey('series'),
      predicate: (query) => query.queryKey[3] !== liveId,
    });
  }, [queryClient, liveId]);

  const inFlight = useRef(new Set<string>());
  const refresh = useCallback(() => {
    if (!liveId || windowed === undefined || (typeof navigator !== 'undefined' && navigator.onLine === false))
      return;
    for (const metric of METRICS) {
      const flight = `${keyText}:${metric}`;
      if (inFlight.current.has(flight)) continue;
      inFlight.current.add(flight);
      dispatch({ type: 'series/fetchStarted', metric });
      fetchSeries(liveId, metric)
        .then(
          (answer) => {
            if (current.current === liveId) dispatch({ type: 'series/fetchSucceeded', answer, windowed });
          },
          (error: unknown) => {
            if (current.current !== liveId) return;
            const message = error instanceof Error ? error.message : String(error);
            dispatch({ type: 'series/fetchFailed', metric, message });
          },
        )
        .finally(() => inFlight.current.delete(flight));
    }
  }, [liveId, windowed, keyText, dispatch]);

  const online = useOnline();
  useEffect(() => {
    if (online) refresh();
  }, [online, refresh]);

  const connected = useRealtimeConnected();
  const wasConnected = useRef(connected);
  useEffect(() => {
    // Buckets pushed while the socket was away are not replayed: read them once it is back.
    if (connected && !wasConnected.current) refresh();
    wasConnected.current = connected;
  }, [connected, refresh]);

  useEffect(() => {
    if (!windowed || connected || !online) return;
    const timer = setInterval(refresh, SERIES_POLL_MS);
    return () => clearInterval(timer);
  }, [windowed, connected, online, refresh]);

  useRealtimeEvents((event) => {
    if (!liveId) return;
    const action = seriesEventAction(event, liveId, windowed);
    if (action === 'refresh') refresh();
    else if (action) dispatch(action);
  });

  return data ?? INITIAL;
}
