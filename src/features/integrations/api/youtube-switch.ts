import type { YoutubeSwitchBody } from '@contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { integrationKey } from './keys';
import { YoutubeStatusStruct } from './youtube-status';

/** PUT /bff/palco-youtube/importacao-ativa: the simulcast of the team's lives on or off. */
export const putYoutubeSwitch = (body: YoutubeSwitchBody) =>
  api('/bff/palco-youtube/importacao-ativa', YoutubeStatusStruct, { method: 'PUT', body });

export function useYoutubeSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putYoutubeSwitch,
    onSuccess: (status) => queryClient.setQueryData(integrationKey('youtube'), status),
  });
}
