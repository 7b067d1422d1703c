import type { YoutubeStatus } from '@contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiVoid } from '@/lib/api-client';
import { integrationKey } from './keys';

/** POST /bff/palco-youtube/deauthorize: undo (the token is revoked at Google). */
export const deauthorizeYoutube = () =>
  apiVoid('/bff/palco-youtube/deauthorize', { method: 'POST', silent: true });

export function useDeauthorizeYoutube() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deauthorizeYoutube,
    onSuccess: async () => {
      queryClient.setQueryData<YoutubeStatus>(integrationKey('youtube'), (s) =>
        s ? { ...s, integrated: false, enabled: false, deauthorized: false, channel: null } : s,
      );
      await queryClient.invalidateQueries({ queryKey: integrationKey('youtube') });
    },
  });
}
