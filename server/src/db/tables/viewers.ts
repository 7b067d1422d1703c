import type { ColumnType, Generated } from 'kysely';

/** The CMCD keys (CTA-5004) a beacon may carry, as the player reads them from shaka's stats. */
export interface CmcdFields {
  /** Encoded bitrate of the rendition playing, kbps. */
  br?: number;
  /** Buffer length, ms. */
  bl?: number;
  /** Measured throughput, kbps. */
  mtp?: number;
  /** Top bitrate of the ladder, kbps. */
  tb?: number;
  /** Streaming format: h (HLS), d (DASH). */
  sf?: 'h' | 'd';
  /** Stream type: v (VOD), l (live). */
  st?: 'v' | 'l';
}

/** One player beacon event, stored raw (docs/playback.md "Beacons"). */
export interface PlaybackEventsTable {
  /** bigserial: pg answers it as a string. */
  id: Generated<string>;
  /** SHA-256 (hex, first 32 characters) of the signed playback-session id. */
  session_id: string;
  account_id: string;
  live_id: string | null;
  video_id: string | null;
  viewer_id: string;
  type: string;
  at: Date;
  received_at: Generated<Date>;
  rendition: string | null;
  bitrate_kbps: number | null;
  startup_ms: number | null;
  rebuffer_ms: number | null;
  error_code: string | null;
  device: string | null;
  os: string | null;
  browser: string | null;
  browser_version: string | null;
  country: string | null;
  region: string | null;
  cmcd: ColumnType<CmcdFields | null, string | null, string | null>;
  state: string | null;
  playing_ms: number | null;
  rebuffering_ms: number | null;
  paused_ms: number | null;
  playhead: number | null;
  waited_ms: number | null;
  cdn: string | null;
}

/** A playback session of a live, for viewer counts: it counts while `last_seen_at` is recent. */
export interface ViewerSessionsTable {
  session_id: string;
  live_id: string;
  account_id: string;
  last_seen_at: Date;
  ended: Generated<boolean>;
  /** When its player first fetched the live's manifest; null: never, and the session is not counted. */
  media_at: Generated<Date | null>;
  /** Its view's breakdown values and status, as the beacon writer last wrote them with its view row
   * (playback_views); `status` null: that row is not written yet. */
  os: Generated<string | null>;
  state: Generated<string | null>;
  provider: Generated<string | null>;
  cdn: Generated<string | null>;
  status: Generated<string | null>;
}

/** The last viewer count published per live: the guard that lets one instance publish each change. */
export interface LiveViewerCountsTable {
  live_id: string;
  account_id: string;
  total: number;
  updated_at: Generated<Date>;
}
