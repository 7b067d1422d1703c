import { useMutation, useQueryClient } from '@tanstack/react-query';
import { array, number, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { type SettingsInput, StreamStruct, streamingKey } from './stream';

const AppliedStruct = type({ updated: number(), items: array(StreamStruct) });

/** POST /v1/live-streams/apply-settings `{ids, settings}`: all or nothing; 409 `{message, ids}` when
 * streams that started would take a different latency or player colour. */
export const applySettings = (ids: string[], settings: SettingsInput) =>
  api('/v1/live-streams/apply-settings', AppliedStruct, { method: 'POST', body: { ids, settings } });

export function useApplySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, settings }: { ids: string[]; settings: SettingsInput }) =>
      applySettings(ids, settings),
    onSuccess: ({ items }) => {
      for (const s of items) queryClient.setQueryData(streamingKey('stream', s.id), s);
      void queryClient.invalidateQueries({ queryKey: streamingKey('list') });
    },
  });
}
