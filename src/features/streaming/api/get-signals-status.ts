import { queryOptions } from '@tanstack/react-query';
import { array, boolean, type Infer, nullable, number, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
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
