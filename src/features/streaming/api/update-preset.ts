import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type SettingsInput, SettingsStruct, streamingKey } from './stream';

/** PUT /bff/lives/preset: changes the account's general settings (fields left out keep their value). */
export const updatePreset = (body: SettingsInput) =>
  api('/bff/lives/preset', SettingsStruct, { method: 'PUT', body });

export function useUpdatePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreset,
    onSuccess: (preset) => queryClient.setQueryData(streamingKey('preset'), preset),
  });
}
