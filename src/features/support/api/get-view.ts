import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, type Infer, nullable, number, optional, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { SupportLiveStruct } from './get-live-details';
import { supportKey, ViewStruct } from './view';

/** One player event of a view's timeline (docs/analytics.md "Beacon contract"). */
export const PlayerEventStruct = type({
  at: string(),
  type: string(),
  playhead: nullable(number()),
  rendition: nullable(string()),
  error: nullable(string()),
  rebufferMs: nullable(number()),
  startupMs: optional(nullable(number())),
  bitrateKbps: optional(nullable(number())),
  state: optional(nullable(string())),
});
export type PlayerEvent = Infer<typeof PlayerEventStruct>;

/** SPEC §3 Live telemetry, with the view itself. */
export const ViewDetailStruct = type({
  view: ViewStruct,
  live: nullable(SupportLiveStruct),
  tech_info: type({
    device: nullable(string()),
    os: nullable(string()),
    app: nullable(string()),
    network_provider: nullable(string()),
  }),
  geo_info: type({ country: nullable(string()), state: nullable(string()), city: nullable(string()) }),
  service_history: array(ViewStruct),
  player_events: array(PlayerEventStruct),
});
export type ViewDetail = Infer<typeof ViewDetailStruct>;

/** GET /v1/analytics/views/{viewId}. */
export const getView = (viewId: string) =>
  api(`/v1/analytics/views/${encodeURIComponent(viewId)}`, ViewDetailStruct);

export const viewQueryOptions = (viewId: string) =>
  queryOptions({ queryKey: supportKey('view', viewId), queryFn: () => getView(viewId) });

/** How often an open view still being watched is read again (its timeline grows). */
export const LIVE_VIEW_REFRESH_MS = 10_000;
const OPEN_STATUSES: readonly string[] = ['loading', 'playing', 'paused', 'rebuffering'];

export const useView = (viewId: string | undefined) =>
  useQuery({
    ...viewQueryOptions(viewId ?? ''),
    enabled: viewId !== undefined,
    // The route's loader fetched it for this visit.
    refetchOnMount: false,
    refetchInterval: (query) =>
      OPEN_STATUSES.includes(query.state.data?.view.status ?? '') ? LIVE_VIEW_REFRESH_MS : false,
  });
