import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Infer, nullable, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { supportKey } from './view';

/** SPEC §3 Live telemetry's `live`: the live the support page is about. */
export const SupportLiveStruct = type({
  id: string(),
  status: string(),
  title: string(),
  thumbnail: nullable(string()),
  url: string(),
});
export type SupportLive = Infer<typeof SupportLiveStruct>;

/** GET /api/live/l/{id}/details (SPEC §7): 404 "Can't find Eventos with id: {id}" for a live that is
 * not the team's. */
export const getLiveDetails = (liveId: string) =>
  api(`/api/live/l/${encodeURIComponent(liveId)}/details`, SupportLiveStruct);

export const liveDetailsQueryOptions = (liveId: string) =>
  queryOptions({ queryKey: supportKey('live', liveId), queryFn: () => getLiveDetails(liveId) });

/** The route's loader starts the fetch; the page does not ask again when it mounts. A missing live
 * is not retried. */
export const useLiveDetails = (liveId: string) =>
  useQuery({ ...liveDetailsQueryOptions(liveId), refetchOnMount: false });
