import type { FacebookStatus } from '@contract/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { boolean, type Describe, nullable, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { isDeauthorizedStatus } from '../lib/state';
import { integrationKey } from './keys';

export const FacebookStatusStruct: Describe<FacebookStatus> = type({
  integrated: boolean(),
  enabled: boolean(),
  deauthorized: boolean(),
  page: nullable(type({ id: string(), name: string() })),
});

/** GET /bff/facebook/status: the spec's facebook_token cookie as a flag holding no secret. */
export const getFacebookStatus = () =>
  api('/bff/facebook/status', FacebookStatusStruct).catch((error: unknown): FacebookStatus => {
    if (isDeauthorizedStatus(error))
      return { integrated: true, enabled: false, deauthorized: true, page: null };
    throw error;
  });

export const facebookStatusQueryOptions = () =>
  queryOptions({ queryKey: integrationKey('facebook'), queryFn: getFacebookStatus });
export const useFacebookStatus = () => useQuery(facebookStatusQueryOptions());
