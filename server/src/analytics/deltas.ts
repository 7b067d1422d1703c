import {
  BUCKET_COUNTERS,
  type BucketCounter,
  type PlaybackViewsTable,
  type ViewStatus,
} from '../db/tables/analytics.ts';
import type { BeaconEventBody } from '../http/beacons.ts';

/**
 * From a post of beacons to what it adds to its view and to the 10-second buckets (docs/analytics.md):
 * pure, so the arithmetic is tested apart from the database and the batching.
 */

export const BUCKET_MS = 10_000;
/** An exit before the first frame counts as EBVS only after this wait (Mux's definition). */
export const EBVS_MIN_WAIT_MS = 1_000;
/** Upper bounds (ms) of the startup-time histogram's classes; the last class is everything above. */
export const STARTUP_CLASSES_MS = [500, 1000, 2000, 4000, 8000] as const;
export const QUALITIES = ['240p', '360p', '480p', '720p', '1080p'] as const;
export type Quality = (typeof QUALITIES)[number];
/** The breakdowns every bucket is kept by, besides the total. */
export const DIMENSIONS = ['os', 'state', 'provider', 'cdn'] as const;
export type Dimension = (typeof DIMENSIONS)[number] | 'total';
/** The value of a dimension the enrichment could not tell. */
export const UNKNOWN = 'desconhecido';

/** What a view is known by, looked up once per view: its enrichment columns, as the views table types
 * them (one list of columns, docs/analytics.md). */
export type ViewDims = Pick<
  PlaybackViewsTable,
  'device' | 'os' | 'browser' | 'browser_version' | 'country' | 'state' | 'city' | 'asn' | 'provider'
>;

/** What an instance remembers of a view between posts (best effort: a miss reads the view's row). */
export interface ViewMemory {
  dims: ViewDims;
  /** The rendition playing now (the time until the next event is attributed to it). */
  rendition: string | null;
  cdn: string | null;
}

export type CounterName = BucketCounter;
export type Counters = Record<CounterName, number>;
export const COUNTER_NAMES: readonly CounterName[] = BUCKET_COUNTERS;

const ZERO_COUNTERS = Object.freeze(
  Object.fromEntries(COUNTER_NAMES.map((n) => [n, 0])) as unknown as Counters,
);
/** Every counter at 0 (a copy of one template: made for every bucket a post touches). */
export const emptyCounters = (): Counters => ({ ...ZERO_COUNTERS });

/** A bucket's deltas for one dimension value. */
export interface BucketDelta {
  t: number;
  dim: Dimension;
  value: string;
  counters: Counters;
}

/** The state a post moves its view to: the views table's status column. */
export type ViewStatusDelta = ViewStatus;

/** What one post adds to its view. */
export interface ViewDelta {
  firstAt: number;
  lastAt: number;
  status: ViewStatusDelta | null;
  final: boolean;
  playing_ms: number;
  rebuffer_ms: number;
  paused_ms: number;
  rebuffer_count: number;
  startup_ms: number | null;
  waited_ms: number | null;
  error_code: string | null;
  rendition: string | null;
  cdn: string | null;
}

/** The class of a rendition (`720p`, `1080p`, `audio`): by its height, null when it has none. */
export function qualityOf(rendition: string | null | undefined): Quality | null {
  const height = rendition ? Number.parseInt(rendition, 10) : Number.NaN;
  if (!Number.isFinite(height) || height <= 0) return null;
  if (height <= 240) return '240p';
  if (height <= 360) return '360p';
  if (height <= 540) return '480p';
  if (height <= 720) return '720p';
  return '1080p';
}

function startupClass(ms: number): CounterName {
  const i = STARTUP_CLASSES_MS.findIndex((limit) => ms < limit);
  return `startup_h${i === -1 ? STARTUP_CLASSES_MS.length : i}` as CounterName;
}

const STATUS_OF: Partial<Record<BeaconEventBody['type'], ViewStatusDelta>> = {
  start: 'loading',
  startup: 'playing',
  rebuffer_start: 'rebuffering',
  rebuffer_end: 'playing',
  pause: 'paused',
  play: 'playing',
  startup_failed: 'failed',
  playback_failed: 'failed',
  end: 'ended',
};
const STATE_STATUS: Record<string, ViewStatusDelta> = {
  loading: 'loading',
  playing: 'playing',
  paused: 'paused',
  rebuffering: 'rebuffering',
  ended: 'ended',
};

/** The dimension values of an event of a view. */
export function dimensionValues(dims: ViewDims, cdn: string | null): [Dimension, string][] {
  return [
    ['total', 'total'],
    ['os', dims.os ?? UNKNOWN],
    ['state', dims.state ?? UNKNOWN],
    ['provider', dims.provider ?? UNKNOWN],
    ['cdn', cdn ?? UNKNOWN],
  ];
}

/**
 * The deltas of one post. `times` are the events' times on the server's clock (the player's clock
 * corrected by the post's own offset). `memory` is updated in place (rendition, CDN).
 */
export function deltasOf(
  events: readonly BeaconEventBody[],
  times: readonly number[],
  memory: ViewMemory,
): { view: ViewDelta; buckets: BucketDelta[] } {
  const view: ViewDelta = {
    // A loop, not Math.min(...times): spreading puts every value on the stack (a post has at most 20
    // events today, but nothing here should depend on that).
    firstAt: times.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY),
    lastAt: times.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY),
    status: null,
    final: false,
    playing_ms: 0,
    rebuffer_ms: 0,
    paused_ms: 0,
    rebuffer_count: 0,
    startup_ms: null,
    waited_ms: null,
    error_code: null,
    rendition: null,
    cdn: null,
  };
  const buckets = new Map<string, BucketDelta>();
  // The view's dimension values, made again only when an event changes its CDN.
  let values = dimensionValues(memory.dims, memory.cdn);
  const add = (t: number, name: CounterName, amount: number) => {
    if (amount === 0) return;
    for (const [dim, value] of values) {
      const key = `${t}|${dim}|${value}`;
      let bucket = buckets.get(key);
      if (!bucket) {
        bucket = { t, dim, value, counters: emptyCounters() };
        buckets.set(key, bucket);
      }
      bucket.counters[name] += amount;
    }
  };

  events.forEach((e, i) => {
    const t = Math.floor((times[i] ?? view.lastAt) / BUCKET_MS) * BUCKET_MS;
    if (e.cdn && e.cdn !== memory.cdn) {
      memory.cdn = e.cdn;
      values = dimensionValues(memory.dims, memory.cdn);
    }
    // The time since the previous event was spent on the rendition that was playing.
    const playing = e.playingMs ?? 0;
    const rebuffering = e.rebufferingMs ?? 0;
    add(t, 'playing_ms', playing);
    add(t, 'rebuffer_ms', rebuffering);
    const quality = qualityOf(memory.rendition ?? e.rendition);
    if (quality) add(t, `q${quality.slice(0, -1)}_ms` as CounterName, playing);
    view.playing_ms += playing;
    view.rebuffer_ms += rebuffering;
    view.paused_ms += e.pausedMs ?? 0;
    if (e.rendition) memory.rendition = e.rendition;

    switch (e.type) {
      case 'startup': {
        const ms = e.startupMs ?? 0;
        add(t, 'attempts', 1);
        add(t, 'starts', 1);
        add(t, 'startup_ms_sum', ms);
        add(t, startupClass(ms), 1);
        view.startup_ms = ms;
        break;
      }
      case 'startup_failed':
        add(t, 'attempts', 1);
        add(t, 'startup_failures', 1);
        view.error_code = e.error ?? 'unknown';
        break;
      case 'playback_failed':
        add(t, 'playback_failures', 1);
        view.error_code = e.error ?? 'unknown';
        break;
      case 'exit_before_start': {
        add(t, 'attempts', 1);
        const waited = e.waitedMs ?? 0;
        view.waited_ms = waited;
        if (waited >= EBVS_MIN_WAIT_MS) add(t, 'ebvs', 1);
        break;
      }
      case 'rebuffer_start':
        add(t, 'rebuffer_count', 1);
        view.rebuffer_count += 1;
        break;
      default:
    }
    const status =
      e.type === 'exit_before_start'
        ? (e.waitedMs ?? 0) >= EBVS_MIN_WAIT_MS
          ? 'exitBeforeStart'
          : 'ended'
        : e.type === 'heartbeat' && e.state
          ? STATE_STATUS[e.state]
          : STATUS_OF[e.type];
    if (status && !view.final) view.status = status;
    if (['end', 'exit_before_start', 'startup_failed', 'playback_failed'].includes(e.type)) view.final = true;
  });
  view.rendition = memory.rendition;
  view.cdn = memory.cdn;
  return { view, buckets: [...buckets.values()] };
}

/** Adds `from` into `into` (both one key's deltas). */
export function addCounters(into: Counters, from: Counters): void {
  for (const name of COUNTER_NAMES) into[name] += from[name];
}

/** Merges a later post's view delta into an earlier one of the same view. */
export function mergeViewDelta(into: ViewDelta, later: ViewDelta): void {
  into.firstAt = Math.min(into.firstAt, later.firstAt);
  into.lastAt = Math.max(into.lastAt, later.lastAt);
  if (!into.final && later.status) into.status = later.status;
  into.final ||= later.final;
  into.playing_ms += later.playing_ms;
  into.rebuffer_ms += later.rebuffer_ms;
  into.paused_ms += later.paused_ms;
  into.rebuffer_count += later.rebuffer_count;
  into.startup_ms ??= later.startup_ms;
  into.waited_ms ??= later.waited_ms;
  into.error_code ??= later.error_code;
  into.rendition = later.rendition ?? into.rendition;
  into.cdn = later.cdn ?? into.cdn;
}
