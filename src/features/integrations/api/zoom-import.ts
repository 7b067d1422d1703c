import type { ZoomImportBody, ZoomStatus } from '@contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { integrationKey } from './keys';
import { ZoomAccountStruct } from './zoom-status';

/** PUT /bff/zoom/importacao-ativa: turns the single card's import on or off; answers the account. */
export const putZoomImport = (body: ZoomImportBody) =>
  api('/bff/zoom/importacao-ativa', ZoomAccountStruct, { method: 'PUT', body });

export function useZoomImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putZoomImport,
    onSuccess: (account) =>
      queryClient.setQueryData<ZoomStatus>(integrationKey('zoom'), (list) =>
        list?.map((a) => (a.zoomAccountId === account.zoomAccountId ? account : a)),
      ),
  });
}
