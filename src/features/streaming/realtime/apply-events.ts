import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@/lib/realtime/events';
import type { SignalStatus } from '../api/get-signals-status';
import { viewersKey } from '../api/get-viewers';
import { type Stream, streamingKey } from '../api/stream';
import { type HealthBySignal, healthKey } from './health';

/** What an account event changes in the streaming pages' data (docs/realtime-console.md "What the events
 * change"): the stream and the lists are read again on a status change, the wall's health takes the measured
 * figures as they come, and the control panel's signal status is read again when a publish starts or ends. */
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
    // The panel shows what the encoder declares (GET .../signals/status): read again when a publish
    // starts or ends, or while its declaration is not known yet; the measured figures are the wall's.
    const key = streamingKey('signals-status', event.live_id);
    const known = queryClient.getQueryData<SignalStatus[]>(key)?.find((s) => s.signalId === event.signal_id);
    const undeclared = known?.publishing && event.publicando && known.fps === null;
    if (known && (known.publishing !== event.publicando || undeclared))
      void queryClient.invalidateQueries({ queryKey: key });
  } else if (event.evento === 'espectadores') {
    queryClient.setQueryData<number>(viewersKey(event.live_id), event.total);
  } else if (event.evento === 'replay_incompleto') {
    void queryClient.invalidateQueries({ queryKey: streamingKey() });
  }
}
