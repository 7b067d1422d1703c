/** A point of a series: `[epochMs, value]`, the time being the start of the server's bucket. */
export type Point = readonly [number, number];
/** Series by name: a breakdown's values (`SP`, `akamai`, `outros`), or `total`, or quality classes. */
export type NamedSeries = Readonly<Record<string, readonly Point[]>>;

const byTime = (a: Point, b: Point) => a[0] - b[0];

/** `incoming` merged into `existing` (SPEC §4): the new points go ahead of the old ones and a point
 * with the same time replaces the old one. Kept in time order (what a chart draws). */
export function mergePoints(existing: readonly Point[], incoming: readonly Point[]): Point[] {
  if (incoming.length === 0) return [...existing];
  const at = new Map<number, Point>();
  for (const p of existing) at.set(p[0], p);
  for (const p of incoming) at.set(p[0], p);
  return [...at.values()].sort(byTime);
}

/** The newest point time of every series, or undefined when they hold none. */
export function newestTime(...groups: readonly NamedSeries[]): number | undefined {
  let newest: number | undefined;
  for (const group of groups)
    for (const points of Object.values(group))
      for (const [t] of points) if (newest === undefined || t > newest) newest = t;
  return newest;
}

/** Every series without its points older than `cutoff`; a series left with none is dropped. Returns
 * `series` itself when nothing changed. */
export function dropBefore(series: NamedSeries, cutoff: number): NamedSeries {
  let changed = false;
  const out: Record<string, readonly Point[]> = {};
  for (const [name, points] of Object.entries(series)) {
    const kept = points.filter((p) => p[0] >= cutoff);
    if (kept.length !== points.length) changed = true;
    if (kept.length > 0) out[name] = kept;
  }
  return changed ? out : series;
}

/** `incoming` series merged into `existing` by name (names only in `existing` keep their points). */
export function mergeNamed(existing: NamedSeries, incoming: NamedSeries): NamedSeries {
  const names = Object.keys(incoming);
  if (names.length === 0) return existing;
  const out: Record<string, readonly Point[]> = { ...existing };
  for (const name of names) out[name] = mergePoints(existing[name] ?? [], incoming[name] ?? []);
  return out;
}

/** True when some series holds a point. */
export const hasPoints = (series: NamedSeries) => Object.values(series).some((p) => p.length > 0);

/** The newest point of a series, if any (points are kept in time order). */
export const lastPoint = (points: readonly Point[] | undefined): Point | undefined =>
  points && points.length > 0 ? points[points.length - 1] : undefined;
