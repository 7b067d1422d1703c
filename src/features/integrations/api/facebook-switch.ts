import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { FacebookStatusStruct } from './facebook-status';
import { integrationKey } from './keys';

/** PUT /bff/facebook/status: the simulcast of the team's lives to the Page on or off. */
export const putFacebookSwitch = (body: { enabled: boolean }) =>
  api('/bff/facebook/status', FacebookStatusStruct, { method: 'PUT', body });

export function useFacebookSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putFacebookSwitch,
    onSuccess: (status) => queryClient.setQueryData(integrationKey('facebook'), status),
  });
}
