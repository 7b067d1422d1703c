import type { ZoomMultiImportBody } from '@contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { array, boolean, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { integrationKey } from './keys';
import { ZoomAccountStruct } from './zoom-status';

const Answer = type({ activeImport: boolean(), deauthorized: boolean(), accounts: array(ZoomAccountStruct) });

/** PUT /bff/zoom/importacao-ativa-multi: one account's import (with zoomAccountId) or every account's. */
export const putZoomMultiImport = (body: ZoomMultiImportBody) =>
  api('/bff/zoom/importacao-ativa-multi', Answer, { method: 'PUT', body });

export function useZoomMultiImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putZoomMultiImport,
    onSuccess: (status) => queryClient.setQueryData(integrationKey('zoom-multi'), status),
  });
}
