import type { ZoomDeauthorizeBody, ZoomMultiStatus } from '@contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiVoid } from '@/lib/api-client';
import { integrationKey } from './keys';

/** POST /bff/zoom/deauthorize-multi: one account of the multi card (zoomAccountId) or all of them. */
export const deauthorizeZoomMulti = (body: ZoomDeauthorizeBody) =>
  apiVoid('/bff/zoom/deauthorize-multi', { method: 'POST', body, silent: true });

export function useDeauthorizeZoomMulti() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deauthorizeZoomMulti,
    onSuccess: async (_, body) => {
      queryClient.setQueryData<ZoomMultiStatus>(integrationKey('zoom-multi'), (status) => {
        if (!status) return status;
        const accounts = body.zoomAccountId
          ? status.accounts.filter((a) => a.zoomAccountId !== body.zoomAccountId)
          : [];
        return {
          ...status,
          accounts,
          activeImport: false,
          deauthorized: accounts.some((a) => a.deauthorized),
        };
      });
      await queryClient.invalidateQueries({ queryKey: integrationKey('zoom-multi') });
    },
  });
}
