import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent, SignalHealthEvent } from '@/lib/realtime/events';
import type { SignalStatus } from '../api/get-signals-status';
import { type Stream, streamingKey } from '../api/stream';
import { type HealthBySignal, healthKey } from './health';

/** What an account event changes in the streaming pages' data (issue 16 point 3): the stream and the
 * lists are read again on a status change, the signal status and the wall's health take the
 * measured figures as they come. */
export function applyStreamingEvent(queryClient: QueryClient, event: RealtimeEvent, now = Date.now()) {
  if (event.evento === 'live_status') {
    queryClient.setQueryData<Stream>(streamingKey('stream', event.live_id), (old) =>
      old ? { ...old, status: event.status } : old,
    );
    // The rest (times, recording) comes with the server's answer.
    void queryClient.invalidateQueries({ queryKey: streamingKey('stream', event.live_id) });
    void queryClient.invalidateQueries({ queryKey: streamingKey('list') });
    void queryClient.invalidateQueries({ queryKey: streamingKey('signals-status', event.live_id) });
  } else if (event.evento === 'sinal_saude') {
    queryClient.setQueryData<HealthBySignal>(healthKey(event.live_id), (old) => ({
      ...old,
      [event.signal_id]: { ...event, receivedAt: now },
    }));
    queryClient.setQueryData<SignalStatus[]>(streamingKey('signals-status', event.live_id), (old) =>
      old ? old.map((s) => (s.signalId === event.signal_id ? withHealth(s, event) : s)) : old,
    );
  } else if (event.evento === 'replay_incompleto') {
    void queryClient.invalidateQueries({ queryKey: streamingKey() });
  }
}

/** The polled signal status, updated by a measured figure: what the stream itself carries. */
function withHealth(status: SignalStatus, event: SignalHealthEvent): SignalStatus {
  const publishing = event.publicando;
  return {
    ...status,
    publishing,
    width: publishing ? (event.width ?? status.width) : null,
    height: publishing ? (event.height ?? status.height) : null,
    fps: publishing ? (event.fps ?? status.fps) : null,
  };
}
