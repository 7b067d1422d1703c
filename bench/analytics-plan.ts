// The synthetic audience of bench/analytics.ts: who arrives when, from which address and browser, and
// every beacon their player sends (docs/analytics.md "Beacon contract"), drawn from a seeded PRNG so
// that the ground truth is known before the run. Pure: no I/O.
//
// Time is the simulated player's time in ms from the start of the run, played back in real time. The
// audience changes only at "steps" (every stepMs): a batch of players loads the manifest (joins) and a
// batch pauses, resumes, ends or fails (leaves). Between steps nothing changes who is a concurrent
// viewer (startups, heartbeats, stalls, rendition switches, exits of players that never loaded the
// manifest), so each step's new total is known and the time until the consoles see it is measurable.

import { maxInWindow } from './analytics-http.ts';

export type PlayerState = 'loading' | 'playing' | 'paused' | 'rebuffering' | 'ended';

export interface SimEvent {
  /** Simulated ms from the start of the run. */
  t: number;
  type: string;
  state?: PlayerState;
  playingMs?: number;
  rebufferingMs?: number;
  pausedMs?: number;
  rendition?: string;
  bitrateKbps?: number;
  cdn?: string;
  startupMs?: number;
  waitedMs?: number;
  rebufferMs?: number;
  error?: string;
  playhead?: number;
  cmcd?: Record<string, number | string>;
}

/** One thing a player does: ask for its playback session and post `start` (`arrive`), load the
 * manifest (`manifest`, which makes it a counted viewer), or post a batch of events. `step` marks
 * what the step runner does (a change of the audience, +1 or -1); the rest runs on a timer. */
export type Action =
  | { kind: 'arrive'; t: number }
  | { kind: 'manifest'; t: number; step: number; delta: 1 }
  | { kind: 'post'; t: number; events: SimEvent[]; step?: number; delta?: 1 | -1 };

export type Cohort =
  | 'player'
  | 'ebvsQuick'
  | 'ebvsLoading'
  | 'ebvsAfterManifest'
  | 'failManifest'
  | 'failSegment';

export interface ViewerPlan {
  index: number;
  address: string;
  ua: string;
  os: string;
  cohort: Cohort;
  actions: Action[];
}

export interface Plan {
  /** Simulated (= real) ms of each step. */
  steps: number[];
  /** The run's last ms: no action at or after it. */
  endMs: number;
  viewers: ViewerPlan[];
}

/** mulberry32: small, fast and good enough to draw an audience. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The client addresses (X-Forwarded-For through the trusted proxy): 50 Brazilian access networks
 * (Vivo, Claro, TIM, Oi, Algar, Ligga…), so many honest viewers share each one (a carrier's NAT, a
 * school) and the state and provider breakdowns have several values, some unknown to the databases.
 */
export const ADDRESSES = [
  '179.226.20.30',
  '177.192.200.10',
  '131.221.89.44',
  '138.59.89.44',
  '138.122.209.44',
  '143.208.213.44',
  '152.233.251.44',
  '152.255.17.44',
  '168.196.69.44',
  '170.80.217.44',
  '170.246.1.44',
  '177.3.49.44',
  '177.10.97.44',
  '177.38.33.44',
  '177.64.129.44',
  '177.92.1.44',
  '177.120.1.44',
  '177.143.161.44',
  '177.177.49.44',
  '177.201.241.44',
  '179.54.1.44',
  '179.68.1.44',
  '179.110.1.44',
  '179.151.193.44',
  '179.198.65.44',
  '179.237.27.44',
  '181.76.1.44',
  '186.200.37.44',
  '186.218.221.44',
  '186.240.161.44',
  '186.251.109.44',
  '187.12.1.44',
  '187.32.1.44',
  '187.52.209.44',
  '187.72.133.44',
  '187.95.97.44',
  '187.116.65.44',
  '189.0.33.44',
  '189.10.161.44',
  '189.28.17.44',
  '189.38.129.44',
  '189.56.1.44',
  '189.74.225.44',
  '189.100.1.44',
  '190.123.193.44',
  '191.30.225.44',
  '191.128.1.44',
  '200.34.225.44',
  '200.103.97.44',
  '200.148.129.44',
] as const;

/** Browsers, with the operating system name the server's parser gives each (what the figures show). */
export const BROWSERS = [
  {
    os: 'Windows',
    weight: 40,
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  },
  {
    os: 'Android',
    weight: 32,
    ua: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  },
  {
    os: 'iOS',
    weight: 18,
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
  {
    os: 'macOS',
    weight: 10,
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  },
] as const;

const CDNS = [
  { value: 'cloudfront', weight: 50 },
  { value: 'fastly', weight: 30 },
  { value: 'origin', weight: 20 },
] as const;
/** The ladder (name → kbps); `audio` is the audio-only variant (no picture: no quality class). */
const RENDITIONS: Record<string, number> = {
  '240p': 400,
  '360p': 800,
  '480p': 1400,
  '720p': 2800,
  '1080p': 5000,
  audio: 128,
};
const FIRST_RENDITION = [
  { value: '360p', weight: 20 },
  { value: '480p', weight: 25 },
  { value: '720p', weight: 40 },
  { value: '1080p', weight: 15 },
] as const;
const SWITCH_TO = [
  { value: '240p', weight: 10 },
  { value: '360p', weight: 20 },
  { value: '480p', weight: 25 },
  { value: '720p', weight: 25 },
  { value: '1080p', weight: 15 },
  { value: 'audio', weight: 5 },
] as const;
const COHORTS: readonly { value: Cohort; weight: number }[] = [
  { value: 'player', weight: 86 },
  { value: 'ebvsQuick', weight: 3 },
  { value: 'ebvsLoading', weight: 3 },
  { value: 'ebvsAfterManifest', weight: 2 },
  { value: 'failManifest', weight: 3 },
  { value: 'failSegment', weight: 3 },
];

/** The embed's heartbeat (src/embed/telemetry.ts); a plan may take a longer one (PlanOptions). */
export const HEARTBEAT_MS = 10_000;
/** State changes closer than this to an earlier one go in the same post (the player's debounce). */
const DEBOUNCE_MS = 1_000;

function pick<T>(rand: () => number, items: readonly { value?: T; weight: number }[]): T {
  const total = items.reduce((s, i) => s + i.weight, 0);
  let r = rand() * total;
  for (const item of items) {
    r -= item.weight;
    if (r < 0) return item.value as T;
  }
  return items[items.length - 1]!.value as T;
}
const between = (rand: () => number, lo: number, hi: number) => Math.floor(lo + rand() * (hi - lo + 1));

/** Startup times: mostly quick, a long tail (the histogram's every class, the open one included). */
function startupMs(rand: () => number): number {
  const r = rand();
  if (r < 0.2) return between(rand, 250, 999);
  if (r < 0.6) return between(rand, 1000, 1999);
  if (r < 0.85) return between(rand, 2000, 3999);
  if (r < 0.96) return between(rand, 4000, 7999);
  return between(rand, 8000, 11_000);
}

export interface PlanOptions {
  seed: number;
  viewers: number;
  /** Real (= simulated) ms of the run, from the first step's warm-up to the last beacon. */
  runMs: number;
  stepMs: number;
  /** A heartbeat every this many ms (HEARTBEAT_MS, the embed's, unless set). */
  heartbeatMs?: number;
}

export const FIRST_STEP_MS = 3_000;
/** After the last step: the last joiners start up, everybody heartbeats. */
const TAIL_MS = 20_000;

export function stepTimes({ runMs, stepMs }: Pick<PlanOptions, 'runMs' | 'stepMs'>): number[] {
  const steps: number[] = [];
  for (let t = FIRST_STEP_MS; t <= runMs - TAIL_MS; t += stepMs) steps.push(t);
  return steps;
}

/**
 * The most playback sessions one client address asks for in any plan step and in any 60 s of the plan:
 * what `SESSIONS_PER_ADDRESS_BURST` and `_PER_MINUTE` must allow for this audience to be served. The
 * defaults (300 / 600) are sized for about 500 viewers behind one address (docs/security.md); the
 * 100,000-viewer plan puts ~2,100 behind one, ~1,100 of them joining a minute.
 */
export function sessionsPerAddress(plan: Plan, stepMs: number): { step: number; minute: number } {
  const byAddress = new Map<string, [number, number][]>();
  for (const v of plan.viewers)
    for (const a of v.actions)
      if (a.kind === 'arrive') {
        const list = byAddress.get(v.address) ?? [];
        list.push([a.t, 1]);
        byAddress.set(v.address, list);
      }
  let step = 0;
  let minute = 0;
  for (const arrivals of byAddress.values()) {
    step = Math.max(step, maxInWindow(arrivals, stepMs));
    minute = Math.max(minute, maxInWindow(arrivals));
  }
  return { step, minute };
}

/** A viewer's steps: when it joins and which later steps change its state. */
interface Fate {
  join: number;
  pause?: number;
  resume?: number;
  leave?: number;
  leaveType?: 'end' | 'playback_failed';
}

export function makePlan(options: PlanOptions): Plan {
  const rand = prng(options.seed);
  const steps = stepTimes(options);
  const K = steps.length;
  if (K < 4) throw new Error(`the run is too short for steps of ${options.stepMs} ms`);
  const endMs = steps[K - 1]! + TAIL_MS;
  // Joins: as many at every step but the last; the step before the last also sees an exodus (the
  // show ends for many).
  const joinWeights = steps.slice(0, K - 1).map((_, k) => ({ value: k, weight: 1 }));
  const exodus = K - 2;
  const viewers: ViewerPlan[] = [];
  const seen = new Set<Cohort>();
  for (let index = 0; index < options.viewers; index++) {
    const browser = pick(
      rand,
      BROWSERS.map((b) => ({ value: b, weight: b.weight })),
    );
    const address = ADDRESSES[Math.floor(rand() * ADDRESSES.length)]!;
    const cohort = pick(rand, COHORTS);
    const join = pick(rand, joinWeights);
    // The first of a cohort waits exactly at the edge of an exit before start's 1 s.
    const edge = !seen.has(cohort);
    seen.add(cohort);
    const actions = planViewer(
      rand,
      cohort,
      join,
      steps,
      endMs,
      exodus,
      edge,
      options.heartbeatMs ?? HEARTBEAT_MS,
    );
    viewers.push({ index, address, ua: browser.ua, os: browser.os, cohort, actions });
  }
  return { steps, endMs, viewers };
}

/** The viewer's events in time order, its ms fields filled from its state machine, grouped in posts. */
function planViewer(
  rand: () => number,
  cohort: Cohort,
  join: number,
  steps: number[],
  endMs: number,
  exodus: number,
  edge: boolean,
  heartbeatMs: number,
): Action[] {
  const K = steps.length;
  const S = (k: number) => steps[k]!;
  // The play intent, then the player loads (its session, shaka, the manifest at the step).
  const tStart = S(join) - between(rand, 300, 3000);
  const events: SimEvent[] = [{ t: tStart, type: 'start', state: 'loading' }];
  /** Events posted by the step runner, by step. */
  const stepOf = new Map<SimEvent, number>();
  let manifest = false;
  let finalT = endMs - 1;

  const cdn = pick(rand, CDNS);
  switch (cohort) {
    case 'ebvsQuick': {
      // Left before the first frame, too soon to count as an exit before start (< 1 s).
      const waited = edge ? 999 : between(rand, 150, 999);
      finalT = tStart + waited;
      events.push({ t: finalT, type: 'exit_before_start', waitedMs: waited, state: 'ended' });
      break;
    }
    case 'ebvsLoading': {
      // Left while the player loaded (the manifest never arrived): an exit before start (≥ 1 s).
      const waited = edge ? 1000 : between(rand, 1000, 4500);
      finalT = tStart + waited;
      events.push({ t: finalT, type: 'exit_before_start', waitedMs: waited, state: 'ended' });
      break;
    }
    case 'failManifest': {
      finalT = tStart + between(rand, 200, 2500);
      events.push({ t: finalT, type: 'startup_failed', error: 'manifest_http_500', state: 'ended' });
      break;
    }
    case 'ebvsAfterManifest':
    case 'failSegment': {
      manifest = true;
      const leave = join + 1;
      finalT = S(leave);
      const e: SimEvent =
        cohort === 'failSegment'
          ? { t: finalT, type: 'startup_failed', error: 'segment_http_404', state: 'ended' }
          : { t: finalT, type: 'exit_before_start', waitedMs: finalT - tStart, state: 'ended' };
      events.push(e);
      stepOf.set(e, leave);
      break;
    }
    case 'player': {
      manifest = true;
      const up = tStart + startupMs(rand);
      let rendition: string = pick(rand, FIRST_RENDITION);
      events.push({
        t: up,
        type: 'startup',
        startupMs: up - tStart,
        rendition,
        bitrateKbps: RENDITIONS[rendition],
        cdn,
        state: 'playing',
      });
      // The first step that may change its state: after its first frame, with a second to spare.
      let kmin = join + 1;
      while (kmin < K && S(kmin) < up + 1000) kmin++;
      const fate: Fate = { join };
      if (kmin < K) {
        const r = rand();
        if (r < 0.3) fate.leave = between(rand, kmin, K - 1);
        else if (r < 0.33) {
          fate.leave = between(rand, kmin, K - 1);
          fate.leaveType = 'playback_failed';
        } else if (rand() < 0.2 && exodus >= kmin) fate.leave = exodus;
        fate.leaveType ??= 'end';
        const lastPause = (fate.leave ?? K) - 1;
        if (rand() < 0.12 && lastPause >= kmin) {
          fate.pause = between(rand, kmin, lastPause);
          // Most resume before they leave; some are still paused at the end (not counted).
          if (rand() < 0.75 && fate.pause + 1 <= lastPause + 1 && fate.pause + 1 < (fate.leave ?? K))
            fate.resume = between(rand, fate.pause + 1, Math.min(K - 1, (fate.leave ?? K) - 1));
        }
      }
      if (fate.leave !== undefined) finalT = S(fate.leave);
      // Playing spans (between the first frame, a pause, a resume and leaving): stalls and rendition
      // switches happen inside them, clear of each other and of the step events (by a second).
      const spans: [number, number][] = [];
      const pauseT = fate.pause !== undefined ? S(fate.pause) : null;
      const resumeT = fate.resume !== undefined ? S(fate.resume) : null;
      if (pauseT !== null) {
        spans.push([up + 500, pauseT - 1000]);
        if (resumeT !== null) spans.push([resumeT + 500, finalT - 1000]);
      } else spans.push([up + 500, finalT - 1000]);
      const busy: [number, number][] = [];
      const free = (a: number, b: number) => busy.every(([x, y]) => b + 300 < x || a > y + 300);
      const place = (length: number): number | null => {
        for (let tries = 0; tries < 8; tries++) {
          const span = spans[Math.floor(rand() * spans.length)]!;
          if (span[1] - span[0] < length) continue;
          const a = span[0] + Math.floor(rand() * (span[1] - span[0] - length));
          if (free(a, a + length)) {
            busy.push([a, a + length]);
            return a;
          }
        }
        return null;
      };
      const stalls = pick(rand, [
        { value: 0, weight: 55 },
        { value: 1, weight: 25 },
        { value: 2, weight: 12 },
        { value: 3, weight: 8 },
      ]);
      for (let s = 0; s < stalls; s++) {
        const length = rand() < 0.6 ? between(rand, 150, 900) : between(rand, 1000, 8000);
        const a = place(length);
        if (a === null) continue;
        events.push({ t: a, type: 'rebuffer_start', state: 'rebuffering' });
        events.push({ t: a + length, type: 'rebuffer_end', rebufferMs: length, state: 'playing' });
      }
      const switches = pick(rand, [
        { value: 0, weight: 50 },
        { value: 1, weight: 35 },
        { value: 2, weight: 15 },
      ]);
      const switchTimes: number[] = [];
      for (let s = 0; s < switches; s++) {
        const a = place(0);
        if (a !== null) switchTimes.push(a);
      }
      for (const a of switchTimes.sort((x, y) => x - y)) {
        let next: string = pick(rand, SWITCH_TO);
        if (next === rendition) next = next === '720p' ? '480p' : '720p';
        rendition = next;
        events.push({ t: a, type: 'rendition', rendition: next, bitrateKbps: RENDITIONS[next] });
      }
      const stepEvent = (k: number | undefined, e: Omit<SimEvent, 't'>) => {
        if (k === undefined) return;
        const ev = { t: S(k), ...e } as SimEvent;
        events.push(ev);
        stepOf.set(ev, k);
      };
      stepEvent(fate.pause, { type: 'pause', state: 'paused' });
      stepEvent(fate.resume, { type: 'play', state: 'playing' });
      if (fate.leave !== undefined)
        stepEvent(
          fate.leave,
          fate.leaveType === 'playback_failed'
            ? { type: 'playback_failed', error: '3016', state: 'ended' }
            : { type: 'end', state: 'ended' },
        );
      break;
    }
  }
  // A heartbeat every 10 s (or the plan's period) from the play intent until the view ends (or the run does).
  for (let t = tStart + heartbeatMs; t < finalT; t += heartbeatMs)
    events.push({ t, type: 'heartbeat', cmcd: { sf: 'h', st: 'l' } });
  events.sort((a, b) => a.t - b.t || order(a) - order(b));
  fillStates(events, cdn);

  const actions: Action[] = [{ kind: 'arrive', t: tStart }];
  if (manifest) actions.push({ kind: 'manifest', t: S(join), step: join, delta: 1 });
  // Posts: a state change waits up to a second for the next (the debounce); a step's event is posted
  // by the step runner, with what waited for it.
  let group: SimEvent[] = [];
  const flush = () => {
    if (group.length > 0) actions.push({ kind: 'post', t: group[group.length - 1]!.t, events: group });
    group = [];
  };
  for (const e of events.slice(1)) {
    if (group.length > 0 && e.t - group[0]!.t > DEBOUNCE_MS) flush();
    group.push(e);
    const k = stepOf.get(e);
    if (k !== undefined) {
      const delta = e.type === 'play' ? 1 : -1;
      actions.push({ kind: 'post', t: e.t, events: group, step: k, delta });
      group = [];
    } else if (e.type === 'heartbeat' || e.state === 'ended') flush();
  }
  flush();
  return actions.sort((a, b) => a.t - b.t || (a.kind === 'manifest' ? -1 : 0));
}

/** Same-time events: a stall ends before the next begins; a step's event comes last. */
function order(e: SimEvent): number {
  return e.type === 'rebuffer_end' ? 0 : e.type === 'heartbeat' ? 1 : 2;
}

/** The player's state machine: each event after `start` carries the time spent playing, rebuffering
 * and paused since the previous one, and the state after it; heartbeats carry the rendition. */
function fillStates(events: SimEvent[], cdn: string): void {
  let state: PlayerState = 'loading';
  let since = events[0]!.t;
  let rendition: string | undefined;
  let cdnKnown: string | undefined;
  let playhead = 0;
  for (const e of events.slice(1)) {
    const dt = e.t - since;
    e.playingMs = state === 'playing' ? dt : 0;
    e.rebufferingMs = state === 'rebuffering' ? dt : 0;
    e.pausedMs = state === 'paused' ? dt : 0;
    playhead += state === 'playing' ? dt / 1000 : 0;
    since = e.t;
    if (e.cdn) cdnKnown = e.cdn;
    if (e.rendition) rendition = e.rendition;
    if (e.type === 'heartbeat') {
      e.state = state;
      if (rendition) {
        e.rendition = rendition;
        e.bitrateKbps = RENDITIONS[rendition];
        e.cmcd = { ...e.cmcd, br: RENDITIONS[rendition] ?? 0, bl: 6000, mtp: 9000, tb: 5000 };
      }
      if (cdnKnown) e.cdn = cdn;
    } else if (e.type === 'rendition') e.state = state;
    else if (e.state) state = e.state;
    if (rendition) e.playhead = Math.round(playhead * 10) / 10;
  }
}

/** The quality class of a rendition (docs/analytics.md "Video quality"): by its height. */
export function qualityOf(rendition: string | undefined | null): string | null {
  const height = rendition ? Number.parseInt(rendition, 10) : Number.NaN;
  if (!Number.isFinite(height) || height <= 0) return null;
  if (height <= 240) return '240p';
  if (height <= 360) return '360p';
  if (height <= 540) return '480p';
  if (height <= 720) return '720p';
  return '1080p';
}
