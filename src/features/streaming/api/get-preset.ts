import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SettingsStruct, streamingKey } from './stream';

/** GET /bff/lives/preset: the account's general settings (the defaults of a new stream). */
export const getPreset = () => api('/bff/lives/preset', SettingsStruct);

export const presetQueryOptions = () =>
  queryOptions({ queryKey: streamingKey('preset'), queryFn: getPreset });

export const usePreset = () => useSuspenseQuery(presetQueryOptions()).data;
