import type { TencentStatus } from '@contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiVoid } from '@/lib/api-client';
import { integrationKey } from './keys';

/** DELETE /bff/tencent/vod/migra-gravacoes: undo (the keys are forgotten, the import stops). */
export const disconnectTencent = () =>
  apiVoid('/bff/tencent/vod/migra-gravacoes', { method: 'DELETE', silent: true });

export function useDisconnectTencent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectTencent,
    onSuccess: async () => {
      queryClient.setQueryData<TencentStatus>(integrationKey('tencent'), (s) =>
        s ? { ...s, activeImport: false, activeIntegration: false, secretId: null } : s,
      );
      await queryClient.invalidateQueries({ queryKey: integrationKey('tencent') });
    },
  });
}
