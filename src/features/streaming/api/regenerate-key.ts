import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { StreamStruct } from './stream';
import { useStreamSaved } from './update-stream';

/** POST /v1/live-streams/{id}/keys/regenerate `{signalId?}`: a new key for the stream or one signal. */
export const regenerateKey = (id: string, signalId?: string) =>
  api(`/v1/live-streams/${encodeURIComponent(id)}/keys/regenerate`, StreamStruct, {
    method: 'POST',
    body: signalId ? { signalId } : {},
  });

export function useRegenerateKey(id: string) {
  const saved = useStreamSaved();
  return useMutation({ mutationFn: (signalId?: string) => regenerateKey(id, signalId), onSuccess: saved });
}
