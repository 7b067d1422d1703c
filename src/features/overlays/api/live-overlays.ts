import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { array, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { overlaysKey } from './overlay';

export const ActiveStruct = type({ overlayIds: array(string()) });
const path = (liveId: string) => `/v1/live-streams/${encodeURIComponent(liveId)}/overlays`;
const key = (liveId: string) => overlaysKey('live', liveId);

/** GET /v1/live-streams/{id}/overlays: the ids of the overlays on, in drawing order. */
export const liveOverlaysQueryOptions = (liveId: string) =>
  queryOptions({
    queryKey: key(liveId),
    queryFn: async () => (await api(path(liveId), ActiveStruct)).overlayIds,
    enabled: liveId !== '',
  });

export const useLiveOverlays = (liveId: string) => useQuery(liveOverlaysQueryOptions(liveId));

/** PUT /v1/live-streams/{id}/overlays: the viewers of that live see the new set at once. */
export function useSetLiveOverlays(liveId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (overlayIds: string[]) =>
      (await api(path(liveId), ActiveStruct, { method: 'PUT', body: { overlayIds } })).overlayIds,
    onSuccess: (ids) => queryClient.setQueryData(key(liveId), ids),
  });
}
