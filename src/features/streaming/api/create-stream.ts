import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type StreamInput, StreamStruct, streamingKey } from './stream';

/** POST /v1/live-streams: 201 the stream (fields left out take the account's general settings). */
export const createStream = (body: StreamInput) =>
  api('/v1/live-streams', StreamStruct, { method: 'POST', body });

export function useCreateStream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStream,
    onSuccess: (stream) => {
      queryClient.setQueryData(streamingKey('stream', stream.id), stream);
      void queryClient.invalidateQueries({ queryKey: streamingKey('list') });
    },
  });
}
