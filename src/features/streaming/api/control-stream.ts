import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ControlAction } from '../lib/status';
import { StreamStruct } from './stream';
import { useStreamSaved } from './update-stream';

/** PUT /v1/live-streams/{id}/control/{start|pause|resume|complete}: 200 the stream; an illegal move 409. */
export const controlStream = (id: string, action: ControlAction) =>
  api(`/v1/live-streams/${encodeURIComponent(id)}/control/${action}`, StreamStruct, { method: 'PUT' });

export function useControlStream(id: string) {
  const saved = useStreamSaved();
  return useMutation({
    mutationFn: (action: ControlAction) => controlStream(id, action),
    onSuccess: saved,
  });
}
