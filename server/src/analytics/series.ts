import type { BucketRow } from '../db/repositories/analytics.ts';
import {
  BUCKET_MS,
  COUNTER_NAMES,
  type CounterName,
  QUALITIES,
  type Quality,
  STARTUP_CLASSES_MS,
} from './deltas.ts';

/**
 * Bucket rows → the spec's analytics sections (docs/analytics.md "API"): pure, shared by the series
 * route, the summary and the pushed points.
 */

export const METRICS = [
  'viewers',
  'rebuffering',
  'initFail',
  'exitBeforeStart',
  'initTime',
  'videoQuality',
] as const;
export type Metric = (typeof METRICS)[number];
export type PointMetric = Exclude<Metric, 'videoQuality'>;
export const POINT_METRICS: readonly PointMetric[] = [
  'viewers',
  'rebuffering',
  'initFail',
  'exitBeforeStart',
  'initTime',
];
/** Stored dimension → its name in answers (`<metric>By…Response`) and in pushed points. */
export const BREAKDOWNS = [
  { dim: 'cdn', suffix: 'ByCdnResponse', push: 'cdn' },
  { dim: 'state', suffix: 'ByStateResponse', push: 'state' },
  { dim: 'os', suffix: 'BySOResponse', push: 'so' },
  { dim: 'provider', suffix: 'ByNetworkProviderResponse', push: 'networkProvider' },
] as const;
/** Values of a breakdown shown by name; the rest are summed as this. */
export const TOP_VALUES = 5;
export const OTHERS = 'outros';

export type Point = [number, number];

/** A bucket's counters summed (over dimension values or over time), with its viewer gauge. */
export type Sums = Record<CounterName, number> & { viewers: number | null; peak: number | null };

export function emptySums(): Sums {
  return {
    ...(Object.fromEntries(COUNTER_NAMES.map((n) => [n, 0])) as Record<CounterName, number>),
    viewers: null,
    peak: null,
  };
}

export function addRow(into: Sums, row: BucketRow): void {
  for (const name of COUNTER_NAMES) into[name] += Number(row[name]);
  if (row.viewers !== null) into.viewers = (into.viewers ?? 0) + row.viewers;
  if (row.viewers_peak !== null) into.peak = Math.max(into.peak ?? 0, row.viewers_peak);
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);

/** A metric's value for summed counters; null when there is nothing to tell (no plays, no attempts). */
export function metricValue(metric: PointMetric, s: Sums): number | null {
  switch (metric) {
    case 'viewers':
      return s.viewers;
    case 'rebuffering':
      return percent(s.rebuffer_ms, s.playing_ms + s.rebuffer_ms);
    case 'initFail':
      return percent(s.startup_failures, s.attempts);
    case 'exitBeforeStart':
      return percent(s.ebvs, s.attempts);
    case 'initTime':
      return s.starts > 0 ? Math.round(s.startup_ms_sum / s.starts) : null;
  }
}

/** Share of playing time per quality class, percent (empty when nothing played). */
export function qualityShares(s: Sums): Partial<Record<Quality, number>> {
  const times = QUALITIES.map((q) => [q, s[`q${q.slice(0, -1)}_ms` as CounterName]] as const);
  const whole = times.reduce((sum, [, ms]) => sum + ms, 0);
  if (whole === 0) return {};
  return Object.fromEntries(times.map(([q, ms]) => [q, percent(ms, whole) ?? 0]));
}

/** Rows grouped: dimension → value → time → sums. */
/** The value of `key` in `map`, created by `make` when absent. */
function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

function group(rows: readonly BucketRow[]) {
  const out = new Map<string, Map<string, Map<number, Sums>>>();
  for (const row of rows) {
    const t = new Date(row.t).getTime();
    const byValue = entry(out, row.dim, () => new Map<string, Map<number, Sums>>());
    const byTime = entry(byValue, row.value, () => new Map<number, Sums>());
    addRow(entry(byTime, t, emptySums), row);
  }
  return out;
}

/** How much a dimension value weighs in a window, to pick the top ones. */
function weight(byTime: Map<number, Sums>): number {
  let w = 0;
  for (const s of byTime.values()) w += s.attempts + (s.viewers ?? 0) + s.playing_ms / BUCKET_MS;
  return w;
}

/** A breakdown's values: the top `TOP_VALUES` by weight, the rest summed as 'outros'. */
function topValues(byValue: Map<string, Map<number, Sums>>): Map<string, Map<number, Sums>> {
  // A value that weighs nothing in the window (a viewer counted before its view was enriched, then
  // gone) is left out.
  const ranked = [...byValue.entries()]
    .filter(([, byTime]) => weight(byTime) > 0)
    .sort((a, b) => weight(b[1]) - weight(a[1]) || (a[0] < b[0] ? -1 : 1));
  const out = new Map(ranked.slice(0, TOP_VALUES));
  const rest = ranked.slice(TOP_VALUES);
  if (rest.length > 0) {
    const others = new Map<number, Sums>();
    for (const [, byTime] of rest)
      for (const [t, s] of byTime) {
        const sum = entry(others, t, emptySums);
        for (const name of COUNTER_NAMES) sum[name] += s[name];
        if (s.viewers !== null) sum.viewers = (sum.viewers ?? 0) + s.viewers;
      }
    out.set(OTHERS, others);
  }
  return out;
}

function pointsOf(metric: PointMetric, byTime: Map<number, Sums> | undefined): Point[] {
  if (!byTime) return [];
  const points: Point[] = [];
  for (const [t, s] of [...byTime.entries()].sort((a, b) => a[0] - b[0])) {
    const v = metricValue(metric, s);
    if (v !== null) points.push([t, v]);
  }
  return points;
}

function sumOver(byTime: Map<number, Sums> | undefined): Sums {
  const total = emptySums();
  for (const s of byTime?.values() ?? []) {
    for (const name of COUNTER_NAMES) total[name] += s[name];
    if (s.peak !== null) total.peak = Math.max(total.peak ?? 0, s.peak);
  }
  return total;
}

/** The answer of `GET …/series/{metric}` from the window's rows. */
export function seriesAnswer(metric: Metric, rows: readonly BucketRow[]): Record<string, unknown> {
  const grouped = group(rows);
  const total = grouped.get('total')?.get('total');
  const out: Record<string, unknown> = {};
  if (metric === 'videoQuality') {
    const byQuality: Record<string, Point[]> = Object.fromEntries(QUALITIES.map((q) => [q, []]));
    for (const [t, s] of [...(total?.entries() ?? [])].sort((a, b) => a[0] - b[0]))
      for (const [q, share] of Object.entries(qualityShares(s))) byQuality[q]?.push([t, share]);
    out.total = byQuality;
    for (const { dim, suffix } of BREAKDOWNS) {
      const values = topValues(grouped.get(dim) ?? new Map());
      // A value nothing was played on (players that failed or left before a segment have no CDN)
      // has no shares: no row of dashes for it (docs/analytics.md "Breakdowns add up").
      out[`${metric}${suffix}`] = Object.fromEntries(
        [...values.entries()]
          .map(([value, byTime]) => [value, qualityShares(sumOver(byTime))] as const)
          .filter(([, shares]) => Object.keys(shares).length > 0),
      );
    }
    return out;
  }
  out.total = pointsOf(metric, total);
  for (const { dim, suffix } of BREAKDOWNS) {
    const values = topValues(grouped.get(dim) ?? new Map());
    // A value with nothing to draw (no points; for viewers, nobody ever) is left out.
    out[`${metric}${suffix}`] = Object.fromEntries(
      [...values.entries()]
        .map(([value, byTime]) => [value, pointsOf(metric, byTime)] as const)
        .filter(([, points]) => points.some(([, v]) => metric !== 'viewers' || v > 0)),
    );
  }
  return out;
}

/** The window's totals (the 'total' rows summed over time). */
export function windowTotals(rows: readonly BucketRow[]): Sums {
  return sumOver(group(rows).get('total')?.get('total'));
}

/** One pushed point: bucket `t`'s value of every metric, total and per breakdown (top values). */
export function pushedPoint(t: number, rows: readonly BucketRow[]): Record<string, unknown> {
  const grouped = group(rows.filter((r) => new Date(r.t).getTime() === t));
  const point: Record<string, unknown> = { t };
  for (const metric of POINT_METRICS) {
    const entry: Record<string, unknown> = {
      total: metricValue(metric, grouped.get('total')?.get('total')?.get(t) ?? emptySums()),
    };
    for (const { dim, push } of BREAKDOWNS) {
      const values: Record<string, number> = {};
      for (const [value, byTime] of topValues(grouped.get(dim) ?? new Map())) {
        const v = metricValue(metric, byTime.get(t) ?? emptySums());
        if (v !== null) values[value] = v;
      }
      entry[push] = values;
    }
    point[metric] = entry;
  }
  point.videoQuality = qualityShares(grouped.get('total')?.get('total')?.get(t) ?? emptySums());
  return point;
}

/**
 * Approximate percentile of startup time (ms) from the histogram, interpolated within its class; null
 * when there were no startups or it falls in the open last class (8 s and more).
 */
export function startupPercentile(s: Sums, p: number): number | null {
  const bounds = STARTUP_CLASSES_MS;
  const counts = [s.startup_h0, s.startup_h1, s.startup_h2, s.startup_h3, s.startup_h4, s.startup_h5];
  const n = counts.reduce((a, b) => a + b, 0);
  if (n === 0) return null;
  const rank = p * n;
  let seen = 0;
  for (let i = 0; i < bounds.length; i++) {
    const inClass = counts[i] ?? 0;
    if (inClass > 0 && seen + inClass >= rank) {
      const low = i === 0 ? 0 : (bounds[i - 1] ?? 0);
      const high = bounds[i] ?? low;
      return Math.round(low + ((high - low) * (rank - seen)) / inClass);
    }
    seen += inClass;
  }
  return null;
}
