import { useEffect, useRef, useSyncExternalStore } from 'react';
import { session } from '../session';
import { useSession } from '../use-session';
import type { RealtimeEvent } from './events';
import { realtime, startRealtime } from './hub';

const connected = () => realtime.state().connected;

/** Whether account events arrive now (this tab's socket or the leader tab's). */
export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(realtime.subscribeState, connected, () => false);
}

/** A polling interval that runs only while the socket is down (docs/realtime-console.md: events replace
 * polling, polling is the fallback). Pass it as a query's refetchInterval. */
export function usePollWhileDisconnected(ms: number): number | false {
  return useRealtimeConnected() ? false : ms;
}

/** Calls `listener` for every account event while mounted (the latest listener, no resubscribe). */
export function useRealtimeEvents(listener: (event: RealtimeEvent) => void) {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => realtime.subscribe((event) => latest.current(event)), []);
}

/** Keeps this browser on the selected team's event stream while the signed-in shell is mounted. */
export function useAccountRealtime(onRefused: () => void) {
  const accountId = useSession().user?.selectedTeamId ?? null;
  const refused = useRef(onRefused);
  refused.current = onRefused;
  useEffect(() => {
    if (!accountId) return;
    return startRealtime({
      accountId,
      token: () => session.get().authToken,
      onRefused: () => refused.current(),
    });
  }, [accountId]);
}
