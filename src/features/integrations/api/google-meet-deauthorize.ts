import type { GoogleMeetStatus } from '@contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiVoid } from '@/lib/api-client';
import { integrationKey } from './keys';

/** POST /bff/google-meet/deauthorize: undo (the token is revoked at Google). */
export const deauthorizeGoogleMeet = () =>
  apiVoid('/bff/google-meet/deauthorize', { method: 'POST', silent: true });

/** SPEC §4 undo: the flags off at once, then the status read again. */
export function useDeauthorizeGoogleMeet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deauthorizeGoogleMeet,
    onSuccess: async () => {
      queryClient.setQueryData<GoogleMeetStatus>(integrationKey('google-meet'), (s) =>
        s ? { ...s, integrated: false, activeImport: false, deauthorized: false } : s,
      );
      await queryClient.invalidateQueries({ queryKey: integrationKey('google-meet') });
    },
  });
}
