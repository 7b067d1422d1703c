import { emptySums, startupPercentile } from '../server/src/analytics/series.ts';
// The ground truth of bench/analytics.ts: what the server acknowledged (204) of the simulated players'
// beacons, summed the way docs/analytics.md defines each figure, then compared with what the server
// answers (GET …/summary and the six GET …/series/{metric}). Written from the docs, not from the
// server's code: a difference is either a server defect or a gap in the docs.
import { qualityOf, type SimEvent } from './analytics-plan.ts';

export const BUCKET_MS = 10_000;
const EBVS_MIN_WAIT_MS = 1_000;
const STARTUP_CLASSES_MS = [500, 1000, 2000, 4000, 8000];
const QUALITIES = ['240p', '360p', '480p', '720p', '1080p'] as const;
export const UNKNOWN = 'desconhecido';
export const DIMS = ['os', 'state', 'provider', 'cdn'] as const;
type Dim = (typeof DIMS)[number];

interface Counters {
  attempts: number;
  starts: number;
  failures: number;
  playbackFailures: number;
  ebvs: number;
  startupSum: number;
  playing: number;
  rebuffer: number;
  rebufferCount: number;
  quality: Record<string, number>;
}
const empty = (): Counters => ({
  attempts: 0,
  starts: 0,
  failures: 0,
  playbackFailures: 0,
  ebvs: 0,
  startupSum: 0,
  playing: 0,
  rebuffer: 0,
  rebufferCount: 0,
  quality: Object.fromEntries(QUALITIES.map((q) => [q, 0])),
});
function add(into: Counters, from: Counters) {
  into.attempts += from.attempts;
  into.starts += from.starts;
  into.failures += from.failures;
  into.playbackFailures += from.playbackFailures;
  into.ebvs += from.ebvs;
  into.startupSum += from.startupSum;
  into.playing += from.playing;
  into.rebuffer += from.rebuffer;
  into.rebufferCount += from.rebufferCount;
  for (const q of QUALITIES) into.quality[q]! += from.quality[q]!;
}

/** Where a viewer is and what it runs: the enrichment's answer for its address, its browser's OS. */
export interface Place {
  country: string | null;
  state: string | null;
  city: string | null;
  provider: string | null;
}

/** One view as the server should hold it. */
interface View {
  viewerId: string;
  os: string;
  place: Place;
  cdn: string | null;
  rendition: string | null;
  started: boolean;
  watchMs: number;
  /** Counted as a concurrent viewer: loaded the manifest, no final event, not paused. */
  media: boolean;
  final: boolean;
  paused: boolean;
  lastSeen: number;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);

export class Truth {
  /** bucket start → `dim|value` → counters. */
  readonly buckets = new Map<number, Map<string, Counters>>();
  readonly views = new Map<string, View>();
  readonly startups: number[] = [];
  /** The highest audience level a step left (the ticks sample between levels only: see the runner). */
  peak = 0;
  peakStep = -1;

  constructor(private readonly viewerTimeoutMs: number) {}

  /** A view's first acknowledged post (its `start`): the view exists from now on. */
  open(key: string, viewerId: string, os: string, place: Place): void {
    if (this.views.has(key)) return;
    this.views.set(key, {
      viewerId,
      os,
      place,
      cdn: null,
      rendition: null,
      started: false,
      watchMs: 0,
      media: false,
      final: false,
      paused: false,
      lastSeen: 0,
    });
  }

  /** The view's manifest answered 200: it counts as a viewer until it ends, pauses or goes silent. */
  media(key: string, at: number): void {
    const view = this.views.get(key);
    if (!view) return;
    view.media = true;
    view.lastSeen = Math.max(view.lastSeen, at);
  }

  /** An acknowledged post: its events with the `at` they were sent with. */
  record(key: string, events: readonly (SimEvent & { at: number })[], receivedAt: number): void {
    const view = this.views.get(key);
    if (!view) return;
    view.lastSeen = Math.max(view.lastSeen, receivedAt);
    for (const e of events) {
      if (e.cdn) view.cdn = e.cdn;
      const c = empty();
      const playing = e.playingMs ?? 0;
      c.playing = playing;
      c.rebuffer = e.rebufferingMs ?? 0;
      // The time since the previous event was spent on the rendition that was playing then.
      const q = qualityOf(view.rendition ?? e.rendition);
      if (q) c.quality[q] = playing;
      view.watchMs += playing + (e.rebufferingMs ?? 0);
      if (e.rendition) view.rendition = e.rendition;
      switch (e.type) {
        case 'startup':
          c.attempts = 1;
          c.starts = 1;
          c.startupSum = e.startupMs ?? 0;
          view.started = true;
          this.startups.push(e.startupMs ?? 0);
          break;
        case 'startup_failed':
          c.attempts = 1;
          c.failures = 1;
          break;
        case 'exit_before_start':
          c.attempts = 1;
          if ((e.waitedMs ?? 0) >= EBVS_MIN_WAIT_MS) c.ebvs = 1;
          break;
        case 'playback_failed':
          c.playbackFailures = 1;
          break;
        case 'rebuffer_start':
          c.rebufferCount = 1;
          break;
        case 'pause':
          view.paused = true;
          break;
        case 'play':
          view.paused = false;
          break;
        default:
      }
      if (['end', 'exit_before_start', 'startup_failed', 'playback_failed'].includes(e.type))
        view.final = true;
      const t = Math.floor(e.at / BUCKET_MS) * BUCKET_MS;
      let bucket = this.buckets.get(t);
      if (!bucket) {
        bucket = new Map();
        this.buckets.set(t, bucket);
      }
      for (const [dim, value] of this.dimsOf(view)) {
        const k = `${dim}|${value}`;
        let held = bucket.get(k);
        if (!held) {
          held = empty();
          bucket.set(k, held);
        }
        add(held, c);
      }
    }
  }

  private dimsOf(view: View): [string, string][] {
    return [
      ['total', 'total'],
      ['os', view.os],
      ['state', view.place.state ?? UNKNOWN],
      ['provider', view.place.provider ?? UNKNOWN],
      ['cdn', view.cdn ?? UNKNOWN],
    ];
  }

  /** Concurrent viewers now (docs/analytics.md "Concurrent viewers"), total or by one dimension. */
  viewersNow(now: number): number;
  viewersNow(now: number, dim: Dim): Map<string, number>;
  viewersNow(now: number, dim?: Dim): number | Map<string, number> {
    const by = new Map<string, number>();
    let total = 0;
    for (const view of this.views.values()) {
      if (!view.media || view.final || view.paused || now - view.lastSeen >= this.viewerTimeoutMs) continue;
      total += 1;
      if (dim) {
        const value = this.dimsOf(view).find(([d]) => d === dim)![1];
        by.set(value, (by.get(value) ?? 0) + 1);
      }
    }
    return dim ? by : total;
  }

  /** A step left the audience at `level`. */
  level(step: number, level: number): void {
    if (level > this.peak) {
      this.peak = level;
      this.peakStep = step;
    }
  }

  /** Counters of one dimension value over time (`values` summed; every value but `except` if given). */
  private series(dim: string, values: (v: string) => boolean): Map<number, Counters> {
    const out = new Map<number, Counters>();
    for (const [t, bucket] of this.buckets) {
      const sum = empty();
      let any = false;
      for (const [k, c] of bucket) {
        const [d, v] = k.split('|') as [string, string];
        if (d === dim && values(v)) {
          add(sum, c);
          any = true;
        }
      }
      if (any) out.set(t, sum);
    }
    return out;
  }

  /** Every value a dimension took. */
  valuesOf(dim: string): Set<string> {
    const out = new Set<string>();
    for (const bucket of this.buckets.values())
      for (const k of bucket.keys()) if (k.startsWith(`${dim}|`)) out.add(k.slice(dim.length + 1));
    return out;
  }

  totals(): Counters {
    const sum = empty();
    for (const c of this.series('total', () => true).values()) add(sum, c);
    return sum;
  }

  /** The expected points of a metric for one dimension value (or the rest: 'outros'). */
  points(metric: PointMetric, dim: string, pickValue: (v: string) => boolean): [number, number][] {
    const series = this.series(dim, pickValue);
    const out: [number, number][] = [];
    for (const [t, c] of [...series.entries()].sort((a, b) => a[0] - b[0])) {
      const v = metricOf(metric, c);
      if (v !== null) out.push([t, v]);
    }
    return out;
  }

  /** Quality shares per bucket ('total') or over the window (a breakdown value). */
  qualityPoints(): Record<string, [number, number][]> {
    const out: Record<string, [number, number][]> = Object.fromEntries(QUALITIES.map((q) => [q, []]));
    for (const [t, c] of [...this.series('total', () => true).entries()].sort((a, b) => a[0] - b[0]))
      for (const [q, share] of Object.entries(shares(c))) out[q]!.push([t, share]);
    return out;
  }
  qualityOver(dim: string, pickValue: (v: string) => boolean): Record<string, number> {
    const sum = empty();
    for (const c of this.series(dim, pickValue).values()) add(sum, c);
    return shares(sum);
  }

  /** What GET …/summary should answer, field by field (null: not a figure the truth can tell). */
  summary(now: number) {
    const sums = this.totals();
    const views = [...this.views.values()];
    const watchMs = views.reduce((s, v) => s + v.watchMs, 0);
    const started = views.filter((v) => v.started).length;
    const count = <K>(key: (v: View) => K) => {
      const m = new Map<K, number>();
      for (const v of views) m.set(key(v), (m.get(key(v)) ?? 0) + 1);
      return m;
    };
    const hist = STARTUP_CLASSES_MS.map(() => 0).concat([0]);
    for (const ms of this.startups) {
      const i = STARTUP_CLASSES_MS.findIndex((limit) => ms < limit);
      hist[i === -1 ? STARTUP_CLASSES_MS.length : i]! += 1;
    }
    // The summary's percentile is the histogram's, interpolated within its class (its definition,
    // server/src/analytics/series.ts): computed from the true histogram by the same rule.
    const fromHistogram = (p: number) =>
      startupPercentile(
        {
          ...emptySums(),
          startup_h0: hist[0] ?? 0,
          startup_h1: hist[1] ?? 0,
          startup_h2: hist[2] ?? 0,
          startup_h3: hist[3] ?? 0,
          startup_h4: hist[4] ?? 0,
          startup_h5: hist[5] ?? 0,
        },
        p,
      );
    return {
      viewersNow: this.viewersNow(now),
      peak: this.peak,
      totalReproduction: views.length,
      spectators: new Set(views.map((v) => v.viewerId)).size,
      totalHours: Math.round(watchMs / 36_000) / 100,
      sessionTime: started > 0 ? Math.round(watchMs / started) : 0,
      'startupTime.averageMs': sums.starts > 0 ? Math.round(sums.startupSum / sums.starts) : null,
      'startupTime.p50Ms': fromHistogram(0.5),
      'startupTime.p90Ms': fromHistogram(0.9),
      attempts: sums.attempts,
      'initFail.count': sums.failures,
      'initFail.percent': percent(sums.failures, sums.attempts) ?? 0,
      'playbackFail.count': sums.playbackFailures,
      'playbackFail.percent': percent(sums.playbackFailures, sums.starts) ?? 0,
      'exitBeforeStart.count': sums.ebvs,
      'exitBeforeStart.percent': percent(sums.ebvs, sums.attempts) ?? 0,
      'rebuffering.percent': percent(sums.rebuffer, sums.playing + sums.rebuffer) ?? 0,
      'rebuffering.count': sums.rebufferCount,
      'rebuffering.ms': sums.rebuffer,
      cdnUse: Object.fromEntries(
        [...count((v) => v.cdn ?? UNKNOWN)].map(([cdn, n]) => [
          cdn,
          { views: n, percent: percent(n, views.length) },
        ]),
      ),
      spectatorsGraph: Object.fromEntries(count((v) => v.os)),
      locations: Object.fromEntries(
        count((v) => `${v.place.country ?? '-'}/${v.place.state ?? '-'}/${v.place.city ?? '-'}`),
      ),
      /** For the reader: exact startup percentiles (the answer gives its histogram class). */
      exactStartup: {
        p50: exactPercentile(this.startups, 0.5),
        p90: exactPercentile(this.startups, 0.9),
      },
    };
  }
}

export type PointMetric = 'viewers' | 'rebuffering' | 'initFail' | 'exitBeforeStart' | 'initTime';

function metricOf(metric: PointMetric, c: Counters): number | null {
  switch (metric) {
    case 'rebuffering':
      return percent(c.rebuffer, c.playing + c.rebuffer);
    case 'initFail':
      return percent(c.failures, c.attempts);
    case 'exitBeforeStart':
      return percent(c.ebvs, c.attempts);
    case 'initTime':
      return c.starts > 0 ? Math.round(c.startupSum / c.starts) : null;
    case 'viewers':
      return null;
  }
}

function shares(c: Counters): Record<string, number> {
  const whole = QUALITIES.reduce((s, q) => s + c.quality[q]!, 0);
  if (whole === 0) return {};
  return Object.fromEntries(QUALITIES.map((q) => [q, percent(c.quality[q]!, whole) ?? 0]));
}

function exactPercentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}
