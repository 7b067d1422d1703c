import type { FacebookStatus } from '@contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiVoid } from '@/lib/api-client';
import { integrationKey } from './keys';

/** POST /bff/facebook/deauthorize: undo (the Page token is dropped, the app's grant revoked). */
export const deauthorizeFacebook = () =>
  apiVoid('/bff/facebook/deauthorize', { method: 'POST', silent: true });

export function useDeauthorizeFacebook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deauthorizeFacebook,
    onSuccess: async () => {
      queryClient.setQueryData<FacebookStatus>(integrationKey('facebook'), (s) =>
        s ? { ...s, integrated: false, enabled: false, deauthorized: false, page: null } : s,
      );
      await queryClient.invalidateQueries({ queryKey: integrationKey('facebook') });
    },
  });
}
