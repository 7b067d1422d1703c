import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents } from '@/lib/realtime/use-realtime';
import { applyStreamingEvent } from './apply-events';

/** Keeps the streaming pages' data current from the account's events while the shell is mounted. */
export function useStreamingRealtime() {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => applyStreamingEvent(queryClient, event));
}
