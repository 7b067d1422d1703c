import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { number, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { usePollWhileDisconnected, useRealtimeConnected } from '@/lib/realtime/use-realtime';
import { streamingKey } from './stream';

/** How often the count is read while the account socket is down (the `espectadores` event keeps it
 * current otherwise). */
export const VIEWERS_POLL_MS = 10_000;

export const viewersKey = (liveId: string) => streamingKey('viewers', liveId);

/** GET /v1/live-streams/{id}/viewers: playback sessions with a beacon in the last 30 s. */
export const getViewers = (liveId: string) =>
  api(`/v1/live-streams/${encodeURIComponent(liveId)}/viewers`, type({ total: number() }), {
    silent: true,
  }).then((body) => body.total);

/** The current viewers of a live on air (0 otherwise); undefined until first known. */
export function useViewerCount(liveId: string, onAir: boolean): number | undefined {
  const refetchInterval = usePollWhileDisconnected(VIEWERS_POLL_MS);
  const query = useQuery({
    ...queryOptions({ queryKey: viewersKey(liveId), queryFn: () => getViewers(liveId), retry: false }),
    enabled: onAir,
    refetchInterval,
  });
  // A count published between the last read and the socket's connection is never replayed to a new
  // socket: read it again once the socket is up, then follow the events.
  const connected = useRealtimeConnected();
  const wasConnected = useRef(connected);
  const { refetch } = query;
  useEffect(() => {
    if (connected && !wasConnected.current && onAir) void refetch();
    wasConnected.current = connected;
  }, [connected, onAir, refetch]);
  return onAir ? query.data : 0;
}
