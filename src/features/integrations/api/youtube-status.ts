import type { YoutubeStatus } from '@contract/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { boolean, type Describe, nullable, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { isDeauthorizedStatus } from '../lib/state';
import { integrationKey } from './keys';

export const YoutubeStatusStruct: Describe<YoutubeStatus> = type({
  integrated: boolean(),
  enabled: boolean(),
  deauthorized: boolean(),
  channel: nullable(type({ id: string(), title: string() })),
});

/** GET /bff/palco-youtube/importacao-ativa: the simulcast switch (a 404: deauthorized, SPEC §4). */
export const getYoutubeStatus = () =>
  api('/bff/palco-youtube/importacao-ativa', YoutubeStatusStruct).catch((error: unknown): YoutubeStatus => {
    if (isDeauthorizedStatus(error))
      return { integrated: true, enabled: false, deauthorized: true, channel: null };
    throw error;
  });

export const youtubeStatusQueryOptions = () =>
  queryOptions({ queryKey: integrationKey('youtube'), queryFn: getYoutubeStatus });
export const useYoutubeStatus = () => useQuery(youtubeStatusQueryOptions());
