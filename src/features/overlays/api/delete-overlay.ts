import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiVoid } from '@/lib/api-client';
import { overlaysKey, overlaysPath } from './overlay';

/** DELETE /v1/accounts/{accountId}/overlays/{overlayId}: also takes it off every live showing it. */
export function useDeleteOverlay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiVoid(overlaysPath(`/${encodeURIComponent(id)}`), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: overlaysKey() }),
  });
}
