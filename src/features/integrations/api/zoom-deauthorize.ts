import type { ZoomDeauthorizeBody, ZoomStatus } from '@contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiVoid } from '@/lib/api-client';
import { integrationKey } from './keys';

/** POST /bff/zoom/deauthorize: undoes the single card (the token is revoked at Zoom). */
export const deauthorizeZoom = (body: ZoomDeauthorizeBody) =>
  apiVoid('/bff/zoom/deauthorize', { method: 'POST', body, silent: true });

/** SPEC §4 undo: the flags off at once, then the status read again. */
export function useDeauthorizeZoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deauthorizeZoom,
    onSuccess: async () => {
      queryClient.setQueryData<ZoomStatus>(integrationKey('zoom'), []);
      await queryClient.invalidateQueries({ queryKey: integrationKey('zoom') });
    },
  });
}
