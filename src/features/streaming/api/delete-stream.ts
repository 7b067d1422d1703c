import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiVoid } from '@/lib/api-client';
import { streamingKey } from './stream';

/** DELETE /v1/live-streams/{id}: 204; 404 'Transmissão não encontrada'; 409 while live or paused. */
export const deleteStream = (id: string) =>
  apiVoid(`/v1/live-streams/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteStream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStream,
    onSettled: (_data, _error, id) => {
      queryClient.removeQueries({ queryKey: streamingKey('stream', id) });
      void queryClient.invalidateQueries({ queryKey: streamingKey('list') });
    },
  });
}
