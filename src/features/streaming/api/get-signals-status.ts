import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, boolean, type Infer, nullable, number, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { usePollWhileDisconnected } from '@/lib/realtime/use-realtime';
import { streamingKey } from './stream';

/** How often the control panel re-reads what its signals receive. */
export const SIGNALS_STATUS_POLL_MS = 5_000;

/** What one signal receives now: size and frame rate are null until the encoder's metadata is known. */
export const SignalStatusStruct = type({
  signalId: string(),
  publishing: boolean(),
  width: nullable(number()),
  height: nullable(number()),
  fps: nullable(number()),
});
export type SignalStatus = Infer<typeof SignalStatusStruct>;

const SignalsStatusStruct = type({ signals: array(SignalStatusStruct) });

/** GET /v1/live-streams/{id}/signals/status (docs/api-streams.md "Signal status"). Silent: a failed
 * poll leaves the last answer on screen. */
export const getSignalsStatus = (liveId: string) =>
  api(`/v1/live-streams/${encodeURIComponent(liveId)}/signals/status`, SignalsStatusStruct, {
    silent: true,
  }).then((body) => body.signals);

/** Polled every 5 s while a component using it is mounted (and the page is visible). */
export const signalsStatusQueryOptions = (liveId: string) =>
  queryOptions({
    queryKey: streamingKey('signals-status', liveId),
    queryFn: () => getSignalsStatus(liveId),
    refetchInterval: SIGNALS_STATUS_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });

/**
 * What the stream's signals receive now, for the screens that show it (panel, wall, preview): read at
 * mount, again when the account's events say a publish started or ended (realtime/apply-events.ts),
 * and every 5 s only while those events do not arrive. Only what this visit has read, and only while
 * the reads succeed: a cached (or persisted, or last before the server went away) answer would show a
 * publish that may have ended. `signals` is empty until then; `known` tells when it is the server's.
 */
export function useSignalsStatus(liveId: string, enabled: boolean) {
  const refetchInterval = usePollWhileDisconnected(SIGNALS_STATUS_POLL_MS);
  const status = useQuery({ ...signalsStatusQueryOptions(liveId), enabled, refetchInterval });
  const known = enabled && status.isFetchedAfterMount && !status.isError;
  return {
    known,
    signals: known ? (status.data ?? []) : [],
    /** Whether an encoder publishes to the signal now; undefined until the server has said. */
    publishing: (signalId: string | undefined): boolean | undefined =>
      known ? (status.data ?? []).some((s) => s.signalId === signalId && s.publishing) : undefined,
    refetch: () => void status.refetch(),
  };
}
