import type { ImportSwitchBody } from '@contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { GoogleMeetStatusStruct } from './google-meet-status';
import { integrationKey } from './keys';

/** PUT /bff/google-meet/importacao-ativa: import on or off; answers the status. */
export const putGoogleMeetImport = (body: ImportSwitchBody) =>
  api('/bff/google-meet/importacao-ativa', GoogleMeetStatusStruct, { method: 'PUT', body });

export function useGoogleMeetImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putGoogleMeetImport,
    onSuccess: (status) => queryClient.setQueryData(integrationKey('google-meet'), status),
  });
}
