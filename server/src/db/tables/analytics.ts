import type { ColumnType, Generated } from 'kysely';

/** bigint columns: pg answers them as strings, they are written as numbers. */
type Big = ColumnType<string, number | undefined, number>;

/** A view's state as the support page shows it. */
export type ViewStatus =
  | 'loading'
  | 'playing'
  | 'paused'
  | 'rebuffering'
  | 'ended'
  | 'failed'
  | 'exitBeforeStart';

/** One view (one playback session) with its enrichment and totals (docs/analytics.md). */
export interface PlaybackViewsTable {
  session_id: string;
  account_id: string;
  live_id: string | null;
  video_id: string | null;
  viewer_id: string;
  started_at: Date;
  last_at: Date;
  ended_at: Date | null;
  status: ColumnType<ViewStatus, ViewStatus | undefined, ViewStatus>;
  device: string | null;
  os: string | null;
  browser: string | null;
  browser_version: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  asn: number | null;
  provider: string | null;
  cdn: string | null;
  rendition: string | null;
  startup_ms: number | null;
  waited_ms: number | null;
  error_code: string | null;
  playing_ms: Big;
  rebuffer_ms: Big;
  paused_ms: Big;
  rebuffer_count: Generated<number>;
}

/** The additive counters of a bucket (columns of analytics_buckets), in one place. */
export const BUCKET_COUNTERS = [
  'attempts',
  'starts',
  'startup_failures',
  'playback_failures',
  'ebvs',
  'startup_ms_sum',
  'startup_h0',
  'startup_h1',
  'startup_h2',
  'startup_h3',
  'startup_h4',
  'startup_h5',
  'playing_ms',
  'rebuffer_ms',
  'rebuffer_count',
  'q240_ms',
  'q360_ms',
  'q480_ms',
  'q720_ms',
  'q1080_ms',
] as const;
export type BucketCounter = (typeof BUCKET_COUNTERS)[number];

/** Additive counters of one 10-second bucket of a live or video, for one dimension value. */
export interface AnalyticsBucketsTable {
  subject_id: string;
  kind: 'live' | 'vod';
  account_id: string;
  t: Date;
  /** total, os, state, provider or cdn. */
  dim: string;
  value: string;
  attempts: Generated<number>;
  starts: Generated<number>;
  startup_failures: Generated<number>;
  playback_failures: Generated<number>;
  ebvs: Generated<number>;
  startup_ms_sum: Big;
  startup_h0: Generated<number>;
  startup_h1: Generated<number>;
  startup_h2: Generated<number>;
  startup_h3: Generated<number>;
  startup_h4: Generated<number>;
  startup_h5: Generated<number>;
  playing_ms: Big;
  rebuffer_ms: Big;
  rebuffer_count: Generated<number>;
  q240_ms: Big;
  q360_ms: Big;
  q480_ms: Big;
  q720_ms: Big;
  q1080_ms: Big;
  viewers: number | null;
  viewers_peak: number | null;
  updated_at: Generated<Date>;
}

/** A like of a video from one playback session. */
export interface VideoLikesTable {
  video_id: string;
  session_id: string;
  account_id: string;
  created_at: Generated<Date>;
}

/** A VOD view whose player fetched the video's manifest: only such a view may like the video. */
export interface VideoMediaViewsTable {
  video_id: string;
  /** The view's key (viewer-session-check.ts `viewKey`), as video_likes.session_id. */
  view_key: string;
  account_id: string;
  fetched_at: Generated<Date>;
}

export interface AnalyticsPushesTable {
  subject_id: string;
  pushed_at: Date;
}
