import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type Stream, type StreamInput, StreamStruct, streamingKey } from './stream';

/** PATCH /v1/live-streams/{id}: only the fields sent change (409 for date/time, player colour or
 * latency after the start). */
export const updateStream = (id: string, body: StreamInput) =>
  api(`/v1/live-streams/${encodeURIComponent(id)}`, StreamStruct, { method: 'PATCH', body });

export function useStreamSaved() {
  const queryClient = useQueryClient();
  return (stream: Stream) => {
    queryClient.setQueryData(streamingKey('stream', stream.id), stream);
    void queryClient.invalidateQueries({ queryKey: streamingKey('list') });
  };
}

export function useUpdateStream(id: string) {
  const saved = useStreamSaved();
  return useMutation({ mutationFn: (body: StreamInput) => updateStream(id, body), onSuccess: saved });
}
