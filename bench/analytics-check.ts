// bench/analytics.ts: the server's figures (GET …/summary and …/series/{metric}) against the ground
// truth (analytics-truth.ts), one printed line per figure: expected, got, "exact" or the difference.
import { DIMS, type PointMetric, type Truth } from './analytics-truth.ts';

type Json = Record<string, unknown>;
type Point = [number, number];

/** The breakdowns' names in answers (docs/analytics.md "API"). */
const SUFFIX: Record<(typeof DIMS)[number], string> = {
  os: 'BySOResponse',
  state: 'ByStateResponse',
  provider: 'ByNetworkProviderResponse',
  cdn: 'ByCdnResponse',
};
const OTHERS = 'outros';

export interface CheckResult {
  lines: string[];
  /** Figures that were not exact. */
  differences: number;
  /** Figures compared. */
  compared: number;
}

const get = (o: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Json)[k] : undefined), o);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const show = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('en-US') : JSON.stringify(v));

export function checkSummary(truth: Truth, summary: Json, now: number): CheckResult {
  const expected = truth.summary(now);
  const lines: string[] = [];
  let differences = 0;
  let compared = 0;
  const line = (name: string, want: unknown, got: unknown, note = '') => {
    compared += 1;
    const ok = same(want, got);
    if (!ok) differences += 1;
    const diff = ok
      ? 'exact'
      : typeof want === 'number' && typeof got === 'number'
        ? `DIFFERS by ${show(Math.round((got - want) * 100) / 100)}`
        : 'DIFFERS';
    if (want && typeof want === 'object') {
      // A table: its size when exact, else the entries that differ.
      const w = want as Record<string, unknown>;
      const g = (got ?? {}) as Record<string, unknown>;
      const keys = [...new Set([...Object.keys(w), ...Object.keys(g)])].sort();
      const bad = keys.filter((k) => !same(w[k], g[k]));
      lines.push(
        `  ${name.padEnd(26)} ${
          ok
            ? `exact, ${keys.length} entries${keys.length <= 6 ? `: ${JSON.stringify(w)}` : ''}`
            : `DIFFERS in ${bad.length} of ${keys.length} entries: ${bad
                .slice(0, 5)
                .map((k) => `${k} expected ${JSON.stringify(w[k])} got ${JSON.stringify(g[k])}`)
                .join('; ')}`
        }`,
      );
      return;
    }
    lines.push(
      `  ${name.padEnd(26)} expected ${show(want).padEnd(14)} got ${show(got).padEnd(14)} ${diff}${note}`,
    );
  };
  for (const [key, want] of Object.entries(expected)) {
    if (['cdnUse', 'spectatorsGraph', 'locations', 'exactStartup'].includes(key)) continue;
    const note =
      key === 'startupTime.p50Ms'
        ? `  (histogram, interpolated in its class; exact p50 ${expected.exactStartup.p50} ms)`
        : key === 'startupTime.p90Ms'
          ? `  (histogram, interpolated in its class; exact p90 ${expected.exactStartup.p90} ms)`
          : key === 'peak'
            ? `  (at ${String(summary.peakAt)}; the truth's peak was left by step ${truth.peakStep})`
            : '';
    line(key, want, get(summary, key), note);
  }
  const cdn = Object.fromEntries(
    ((summary.cdnUse as { cdn: string; views: number; percent: number }[]) ?? []).map((c) => [
      c.cdn,
      { views: c.views, percent: c.percent },
    ]),
  );
  line('cdnUse', sorted(expected.cdnUse), sorted(cdn));
  const graph = summary.spectatorsGraph as { labels: string[]; series: number[] } | undefined;
  line(
    'spectatorsGraph (views/OS)',
    sorted(expected.spectatorsGraph),
    sorted(Object.fromEntries((graph?.labels ?? []).map((l, i) => [l, graph?.series[i]]))),
  );
  const places = (
    (get(summary, 'liveDetails.locations') as {
      country: string | null;
      state: string | null;
      city: string | null;
      views: number;
    }[]) ?? []
  ).map((p) => [`${p.country ?? '-'}/${p.state ?? '-'}/${p.city ?? '-'}`, p.views] as const);
  const wantPlaces = Object.entries(expected.locations).sort((a, b) => b[1] - a[1]);
  line(
    'locations (views/place)',
    sorted(Object.fromEntries(wantPlaces.slice(0, 50))),
    sorted(Object.fromEntries(places)),
  );
  lines.push(
    `  totalTime                  ${show(summary.totalTime)} ms on air (not a simulated figure); asOf ${String(summary.asOf)}`,
  );
  return { lines, differences, compared };
}

function sorted(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).sort((a, b) => (a[0] < b[0] ? -1 : 1)));
}

/** Points compared one by one: how many agree, and the first few that do not. */
function comparePoints(want: Point[], got: Point[]) {
  const byT = new Map(got.map(([t, v]) => [t, v]));
  const wantT = new Set(want.map(([t]) => t));
  const misses: string[] = [];
  let ok = 0;
  for (const [t, v] of want) {
    const g = byT.get(t);
    if (g === v) ok += 1;
    else misses.push(`${new Date(t).toISOString().slice(11, 19)} expected ${v} got ${g ?? 'no point'}`);
  }
  for (const [t, v] of got)
    if (!wantT.has(t)) misses.push(`${new Date(t).toISOString().slice(11, 19)} expected no point got ${v}`);
  return { ok, total: Math.max(want.length, got.length, ok + misses.length), misses };
}

/**
 * One series answer against the truth: the total points, then each breakdown's values (named, and
 * `outros` as every value not named) point by point. `viewers` compares the newest point only (the
 * concurrent viewers now, total and per value): its earlier points are samples of a moving audience.
 */
export function checkSeries(
  truth: Truth,
  metric: PointMetric | 'videoQuality',
  answer: Json,
  now: number,
): CheckResult {
  const parts: string[] = [];
  const detail: string[] = [];
  let differences = 0;
  let compared = 0;
  const tally = (label: string, r: { ok: number; total: number; misses: string[] }) => {
    compared += r.total;
    differences += r.total - r.ok;
    parts.push(`${label} ${r.ok}/${r.total}`);
    for (const m of r.misses.slice(0, 3)) detail.push(`      ${label}: ${m}`);
  };

  if (metric === 'viewers') {
    const total = (answer.total as Point[]) ?? [];
    const last = total.at(-1);
    const t = last?.[0];
    const want = truth.viewersNow(now);
    tally('total now', {
      ok: last?.[1] === want ? 1 : 0,
      total: 1,
      misses: last?.[1] === want ? [] : [`expected ${want} got ${last?.[1]}`],
    });
    for (const dim of DIMS) {
      const by = truth.viewersNow(now, dim);
      const named = (answer[`viewers${SUFFIX[dim]}`] as Record<string, Point[]>) ?? {};
      const misses: string[] = [];
      let ok = 0;
      const keys = Object.keys(named);
      for (const key of keys) {
        const got = named[key]!.find(([pt]) => pt === t)?.[1] ?? 0;
        const exp =
          key === OTHERS
            ? [...by].filter(([v]) => !keys.includes(v)).reduce((s, [, n]) => s + n, 0)
            : (by.get(key) ?? 0);
        if (got === exp) ok += 1;
        else misses.push(`${key} expected ${exp} got ${got}`);
      }
      // A value watching now must be named or inside `outros`.
      for (const [v, n] of by)
        if (n > 0 && !keys.includes(v) && !keys.includes(OTHERS))
          misses.push(`${v} expected ${n} got nothing`);
      tally(dim, { ok, total: ok + misses.length, misses });
    }
  } else if (metric === 'videoQuality') {
    const want = truth.qualityPoints();
    const got = (answer.total as Record<string, Point[]>) ?? {};
    const results = Object.keys(want).map((q) => comparePoints(want[q]!, got[q] ?? []));
    tally('total', {
      ok: results.reduce((s, r) => s + r.ok, 0),
      total: results.reduce((s, r) => s + r.total, 0),
      misses: results.flatMap((r) => r.misses),
    });
    for (const dim of DIMS) {
      const named = (answer[`videoQuality${SUFFIX[dim]}`] as Record<string, Record<string, number>>) ?? {};
      const keys = Object.keys(named);
      const misses: string[] = [];
      let ok = 0;
      for (const key of keys) {
        const exp = truth.qualityOver(dim, key === OTHERS ? (v) => !keys.includes(v) : (v) => v === key);
        if (same(exp, named[key])) ok += 1;
        else misses.push(`${key} expected ${JSON.stringify(exp)} got ${JSON.stringify(named[key])}`);
      }
      tally(dim, { ok, total: ok + misses.length, misses });
    }
  } else {
    tally(
      'total',
      comparePoints(
        truth.points(metric, 'total', () => true),
        (answer.total as Point[]) ?? [],
      ),
    );
    for (const dim of DIMS) {
      const named = (answer[`${metric}${SUFFIX[dim]}`] as Record<string, Point[]>) ?? {};
      const keys = Object.keys(named);
      const results = keys.map((key) => {
        const r = comparePoints(
          truth.points(metric, dim, key === OTHERS ? (v) => !keys.includes(v) : (v) => v === key),
          named[key]!,
        );
        return { ...r, misses: r.misses.map((m) => `${key} ${m}`) };
      });
      // Values with points the answer neither names nor sums in `outros`.
      const lost = keys.includes(OTHERS)
        ? []
        : [...truth.valuesOf(dim)].filter(
            (v) => !keys.includes(v) && truth.points(metric, dim, (x) => x === v).length > 0,
          );
      tally(`${dim} (${keys.length} values)`, {
        ok: results.reduce((s, r) => s + r.ok, 0),
        total: results.reduce((s, r) => s + r.total, 0) + lost.length,
        misses: [...results.flatMap((r) => r.misses), ...lost.map((v) => `${v}: missing from the answer`)],
      });
    }
  }
  const verdict = differences === 0 ? 'exact' : `${differences} DIFFER`;
  return {
    lines: [`  ${metric.padEnd(16)} ${verdict.padEnd(10)} ${parts.join(' · ')}`, ...detail],
    differences,
    compared,
  };
}
