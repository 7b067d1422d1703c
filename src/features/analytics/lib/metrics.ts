/** The series of docs/analytics.md "API" (`GET …/series/{metric}`) and SPEC §3 "Analytics store
 * sections": five metrics with one value per bucket, and the video quality classes. */
export const SCALAR_METRICS = ['viewers', 'rebuffering', 'initFail', 'exitBeforeStart', 'initTime'] as const;
export type ScalarMetric = (typeof SCALAR_METRICS)[number];
export const METRICS = [...SCALAR_METRICS, 'videoQuality'] as const;
export type Metric = (typeof METRICS)[number];

/** What a chart can split its series by: `total` is the metric as a whole. */
export const BREAKDOWNS = ['total', 'cdn', 'networkProvider', 'state', 'so'] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];
export type SplitBreakdown = Exclude<Breakdown, 'total'>;
export const SPLIT_BREAKDOWNS = [
  'cdn',
  'networkProvider',
  'state',
  'so',
] as const satisfies readonly SplitBreakdown[];

/** The rendition classes of `videoQuality` (docs/analytics.md "Definitions"; SPEC §3's "1280p" is
 * Palco's 1080p, the height of its top rendition). */
export const QUALITY_CLASSES = ['240p', '360p', '480p', '720p', '1080p'] as const;
export type QualityClass = (typeof QUALITY_CLASSES)[number];

/** How the answer names each breakdown: `${metric}By${suffix}Response`. One table, one letter case
 * for every metric — the old product's exit-before-start handlers read a state key spelled with
 * another case, so its state breakdown was always empty (SPEC §8). */
const RESPONSE_SUFFIX = {
  cdn: 'Cdn',
  networkProvider: 'NetworkProvider',
  state: 'State',
  so: 'SO',
} as const satisfies Record<SplitBreakdown, string>;

export type BreakdownResponseKey<
  M extends Metric,
  B extends SplitBreakdown,
> = `${M}By${(typeof RESPONSE_SUFFIX)[B]}Response`;

/** The answer's field holding `metric` split by `breakdown`, e.g. `exitBeforeStartByStateResponse`. */
export function breakdownResponseKey<M extends Metric, B extends SplitBreakdown>(
  metric: M,
  breakdown: B,
): BreakdownResponseKey<M, B> {
  return `${metric}By${RESPONSE_SUFFIX[breakdown]}Response` as BreakdownResponseKey<M, B>;
}

/** SPEC §9: the analytics time-series window of a live on air. */
export const WINDOW_MS = 30 * 60 * 1000;
/** The server's bucket (docs/analytics.md: a point's time is the start of a 10 s bucket). */
export const BUCKET_MS = 10_000;
