import type { IntegrationProviders } from '@contract/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { boolean, type Describe, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { integrationKey } from './keys';

const Configured = type({ configured: boolean() });
const ProvidersStruct: Describe<IntegrationProviders> = type({
  providers: type({
    'google-meet': Configured,
    tencent: Configured,
    facebook: Configured,
    'zoom-multi': Configured,
    zoom: Configured,
    youtube: Configured,
  }),
});

/** GET /bff/integrations/providers: per card, whether the server holds its provider's app credentials. */
export const getProviders = () => api('/bff/integrations/providers', ProvidersStruct);

export const providersQueryOptions = () =>
  queryOptions({ queryKey: integrationKey('providers'), queryFn: getProviders });
export const useProviders = () => useQuery(providersQueryOptions());
