/* The customer-support answers as JSON on the wire (docs/analytics.md "Customer support"). The server's
 * TypeBox schemas (server/src/routes/analytics/support.ts) are checked equal to them, the console's
 * structs (src/features/support/api) checked against them (src/features/support/__tests__/contract.test.ts).
 * `status`, `os`… are text: a value newer than the console shows as it came. Plain types only: nothing
 * here imports. */

/** One view (one playback session) as support staff see it: no address, only what the player and the
 * enrichment told. */
export interface SupportView {
  id: string;
  viewerId: string; // the ID the anti-piracy overlay shows
  startedAt: string; // ISO date-time
  endedAt: string | null;
  lastAt: string; // the last beacon
  status: string; // loading, playing, paused, rebuffering, ended, failed…
  device: string | null;
  os: string | null;
  browser: string | null; // name and version
  country: string | null;
  state: string | null;
  city: string | null;
  networkProvider: string | null;
  cdn: string | null;
  rendition: string | null;
  startupMs: number | null;
  watchMs: number;
  rebufferMs: number;
  rebufferCount: number;
  error: string | null; // the player's error code
}

/** `GET /v1/analytics/lives/{id}/views`: newest first. */
export interface SupportViewsPage {
  items: SupportView[];
  total: number;
}

/** `GET /api/live/l/{id}/details`: the live the support page is about. */
export interface SupportLive {
  id: string;
  status: string;
  title: string;
  thumbnail: string | null;
  url: string; // the live's embed page
}

/** One player event of a view's timeline (docs/analytics.md "Beacon contract"). */
export interface PlayerEvent {
  view: string; // the view's id
  at: string; // ISO date-time
  type: string;
  playhead: number | null;
  rendition: string | null;
  bitrateKbps: number | null;
  error: string | null;
  rebufferMs: number | null;
  startupMs: number | null;
  state: string | null;
  cdn: string | null;
}

/** `GET /v1/analytics/views/{viewId}`: the live telemetry entity (SPEC §3), with the view itself. */
export interface SupportViewDetail {
  view: SupportView;
  live: SupportLive | null; // null for a video's view
  tech_info: {
    device: string | null;
    os: string | null;
    app: string | null;
    network_provider: string | null;
  };
  geo_info: { country: string | null; state: string | null; city: string | null };
  service_history: SupportView[]; // the viewer's views of the same live or video, newest first
  player_events: PlayerEvent[]; // in time order
}

/** `GET /api/eventos` (SPEC §7): a viewer's player events in a live or video. */
export interface PlayerEventList {
  items: PlayerEvent[];
}

/** `GET /api/sessoes` (SPEC §7): a viewer's views of a live or video. */
export interface SupportViewList {
  items: SupportView[];
}
