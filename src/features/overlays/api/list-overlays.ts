import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { OverlayStruct, overlaysKey, overlaysPath } from './overlay';

export const OverlayListStruct = type({ items: array(OverlayStruct) });

/** GET /v1/accounts/{accountId}/overlays: the team's overlays, oldest first. */
export const overlaysQueryOptions = () =>
  queryOptions({
    queryKey: overlaysKey('list'),
    queryFn: async () => (await api(overlaysPath(), OverlayListStruct)).items,
  });

export const useOverlays = () => useQuery(overlaysQueryOptions());
