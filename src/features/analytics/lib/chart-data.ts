import type { Summary } from '../api/get-summary';
import type { Unit } from './format';
import { BUCKET_MS, QUALITY_CLASSES } from './metrics';
import { lastPoint, type NamedSeries, type Point } from './points';

/** Values that are not a place, a network or a system: drawn after the named ones. */
const LAST = ['outros', 'desconhecido'];

/** Names in their order, with 'outros' and 'desconhecido' moved last. */
export const lastOthers = (names: readonly string[]): string[] => [
  ...names.filter((n) => !LAST.includes(n)),
  ...LAST.filter((n) => names.includes(n)),
];

/** The order a chart lists its series in: `total` first, the quality classes from the lowest, the
 * breakdown values by their latest value (largest first), 'outros' and 'desconhecido' last. */
export function seriesOrder(series: NamedSeries): string[] {
  const rank = (name: string) => {
    if (name === 'total') return -20;
    const q = QUALITY_CLASSES.indexOf(name as (typeof QUALITY_CLASSES)[number]);
    if (q >= 0) return q - 10;
    const last = LAST.indexOf(name);
    return last >= 0 ? 100 + last : 0;
  };
  const latest = (name: string) => lastPoint(series[name])?.[1] ?? 0;
  return Object.keys(series)
    .filter((name) => (series[name]?.length ?? 0) > 0)
    .sort((a, b) => rank(a) - rank(b) || latest(b) - latest(a) || a.localeCompare(b));
}

export interface AlignedSeries {
  names: string[];
  /** Every point time of any series, in order (ms). */
  xs: number[];
  /** One row per name, a value (or null: no point at that time) per x. */
  ys: (number | null)[][];
}

/** The series on one shared time axis, as a chart draws them. */
export function alignSeries(series: NamedSeries, names = seriesOrder(series)): AlignedSeries {
  const times = new Set<number>();
  for (const name of names) for (const [t] of series[name] ?? []) times.add(t);
  const xs = [...times].sort((a, b) => a - b);
  const index = new Map(xs.map((t, i) => [t, i]));
  const ys = names.map((name) => {
    const row: (number | null)[] = new Array(xs.length).fill(null);
    for (const [t, v] of series[name] ?? []) row[index.get(t) ?? 0] = v;
    return row;
  });
  return { names, xs, ys };
}

/** The newest value of each series (a chart's text alternative and legend). */
export function latestValues(
  series: NamedSeries,
  names = seriesOrder(series),
): { name: string; point: Point }[] {
  return names.flatMap((name) => {
    const point = lastPoint(series[name]);
    return point ? [{ name, point }] : [];
  });
}

/** Viewers now and the peak: the summary's, unless a pushed bucket is newer than the summary (it
 * ends after the summary was read), whose viewers are then the current ones. The peak is the highest
 * of the summary's and of every bucket pushed since: a count the console showed is never forgotten
 * when a later, lower one arrives. */
export function currentViewers(
  summary: Pick<Summary, 'viewersNow' | 'peak' | 'asOf'>,
  viewers: readonly Point[] | undefined,
): { now: number; peak: number } {
  const newest = lastPoint(viewers);
  const asOf = Date.parse(summary.asOf);
  if (!newest || Number.isNaN(asOf) || newest[0] + BUCKET_MS <= asOf)
    return { now: summary.viewersNow, peak: summary.peak };
  const peak = (viewers ?? []).reduce(
    (highest, [t, n]) => (t + BUCKET_MS > asOf ? Math.max(highest, n) : highest),
    summary.peak,
  );
  return { now: newest[1], peak };
}

/** Only web links are rendered as links (an attribution's URL comes from the server's data). */
export function safeHttpUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** Whole-number steps, 1-2-5 per decade, up to ten million. */
const COUNT_STEPS = Array.from({ length: 7 }, (_, decade) => [1, 2, 5].map((m) => m * 10 ** decade)).flat();

/** The steps the value axis may take between ticks (uPlot's `incrs`): a count (viewers) is a whole
 * number, so its ticks are too; a fractional step would label 0.5 and 1.5 as "1" and "2" and the axis
 * read "2, 2, 1, 1, 0" (docs/analytics.md "Breakdowns add up"). Other units keep uPlot's own steps. */
export function valueSteps(unit: Unit): number[] | undefined {
  return unit === 'count' ? COUNT_STEPS : undefined;
}
