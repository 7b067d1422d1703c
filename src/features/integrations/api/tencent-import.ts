import type { ImportSwitchBody } from '@contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { integrationKey } from './keys';
import { TencentStatusStruct } from './tencent-status';

/** PUT /bff/tencent/vod/importacao-ativa: import on or off; answers the status. */
export const putTencentImport = (body: ImportSwitchBody) =>
  api('/bff/tencent/vod/importacao-ativa', TencentStatusStruct, { method: 'PUT', body });

export function useTencentImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putTencentImport,
    onSuccess: (status) => queryClient.setQueryData(integrationKey('tencent'), status),
  });
}
