import type { TencentCredentials } from '@contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { integrationKey } from './keys';
import { TencentStatusStruct } from './tencent-status';

/** POST /bff/tencent/vod/migra-gravacoes: the keys are checked by a signed call at Tencent before they
 * are kept (a wrong pair is a 400 on secretKey); answers the status, never the secretKey. */
export const connectTencent = (body: TencentCredentials) =>
  api('/bff/tencent/vod/migra-gravacoes', TencentStatusStruct, { method: 'POST', body, silent: true });

export function useConnectTencent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectTencent,
    onSuccess: (status) => queryClient.setQueryData(integrationKey('tencent'), status),
  });
}
