// What bench/analytics.ts prints for one (N, database) pair: the traffic, latencies and answers, the
// freshness of each audience step, every figure against the ground truth, the dashboard, the server's
// CPU and memory.
import { availableParallelism, loadavg } from 'node:os';
import type { Audience } from './analytics-audience.ts';
import { checkSeries, checkSummary } from './analytics-check.ts';
import { type AnalyticsConsole, METRICS, type Push } from './analytics-console.ts';
import { fmt, log, maxInWindow, ms, percentile, s } from './analytics-http.ts';
import type { Plan } from './analytics-plan.ts';
import type { ResourceStats } from './analytics-resources.ts';
import type { PointMetric, Truth } from './analytics-truth.ts';
import { maxOf } from './extremes.ts';

export const GOALS = { freshnessP95Ms: 5_000 };

export interface StepRecord {
  k: number;
  start: number;
  /** When the audience starts climbing to its new level (the joins and resumes). */
  rise: number;
  end: number;
  before: number;
  expected: number;
  joins: number;
  leaves: number;
}

export interface PairResults {
  label: string;
  viewers: number;
  runMs: number;
  heartbeatMs: number;
  /** How much the steps waited for the previous one's changes to be seen (the timeline with them). */
  shiftMs: number;
  stepMs: number;
  seed: number;
  /** The playback-session bounds per address the server ran with: [burst, per minute]. */
  sessionBounds: [number, number];
  plan: Plan;
  audience: Audience;
  console: AnalyticsConsole;
  truth: Truth;
  steps: StepRecord[];
  /** Wall time of the first and last beacon of the run. */
  start: number;
  lastBeacon: number;
  warmMs: number;
  loopDelay: { p99: number; max: number };
  summaryReads: { got: number; want: number }[];
  boundaryReads: { offset: number; got: number; want: number }[];
  /** The figures read once everything was written and sampled, and when. */
  now: number;
  summary: Record<string, unknown>;
  series: Map<string, Record<string, unknown>>;
  resources: ResourceStats;
  rssAfterFirstView: number;
  /** The dashboard over a full 30-minute window (history copied back from the run's buckets). */
  history: {
    rows: number;
    buckets: number;
    loads: number[];
    perCall: Map<string, number[]>;
    /** PGlite: the server was stopped to write the history, and started again. */
    restarted: boolean;
    /** Then 3 hours of buckets: the summary's time (ms) over that live. */
    longRows: number;
    longSummary: number[];
  };
}

export function printPair(r: PairResults): void {
  const { audience: a, plan, truth } = r;
  const perAddress = new Map<string, number>();
  for (const v of plan.viewers) perAddress.set(v.address, (perAddress.get(v.address) ?? 0) + 1);
  const cohorts = new Map<string, number>();
  for (const v of plan.viewers) cohorts.set(v.cohort, (cohorts.get(v.cohort) ?? 0) + 1);
  log(
    `\n── ${r.label}, N = ${fmt(r.viewers)} viewers, ${Math.round((r.lastBeacon - r.start) / 1000)} s of real time ` +
      `(planned ${r.runMs / 1000} s${r.shiftMs > 0 ? `, ${s(r.shiftMs)} more: steps waited for the previous one` : ''}), seed ${r.seed} ──`,
  );
  log(
    `plan: ${fmt(r.viewers)} viewers from ${perAddress.size} addresses (at most ${maxOf(perAddress.values())} behind one); ` +
      `${plan.steps.length} audience steps every ${r.stepMs / 1000} s; a heartbeat every ${r.heartbeatMs / 1000} s; ${[...cohorts].map(([c, n]) => `${c} ${n}`).join(', ')}`,
  );
  log(
    `traffic: ${fmt(a.posts)} beacon posts (${fmt(a.events)} events, ${(a.posts / ((r.lastBeacon - r.start) / 1000)).toFixed(0)} posts/s), ` +
      `${fmt(a.tally.counts.get('playback')?.get(200) ?? 0)} playback sessions, ${fmt(a.tally.counts.get('manifest')?.get(200) ?? 0)} manifests; ` +
      `the first view's start beacon (the server reads its enrichment tables) took ${s(r.warmMs)}`,
  );
  // The run's mean mixes the seconds the server was saturated with those the plan left it waiting (a
  // step waits for the previous one's answers, so its tail has few requests in flight): what the server
  // sustains is read from its busiest 10-second windows.
  const rates = tenSecondRates(a.answeredBySecond);
  log(
    `beacon posts answered a second over 10-second windows: best ${fmt(Math.round(maxOf(rates)))}, ` +
      `p90 ${fmt(Math.round(percentile(rates, 90)))}, median ${fmt(Math.round(percentile(rates, 50)))} ` +
      `(${rates.length} windows between the first and the last post)`,
  );
  log(
    `beacon latency (POST /v1/public/beacons, HTTP round trip on its connection): p50 ${ms(percentile(a.beaconWireMs, 50))}, ` +
      `p99 ${ms(percentile(a.beaconWireMs, 99))}, max ${ms(maxOf(a.beaconWireMs))}; with the wait for a pooled ` +
      `connection: p50 ${ms(percentile(a.beaconMs, 50))}, p99 ${ms(percentile(a.beaconMs, 99))}; ` +
      `playback session p50 ${ms(percentile(a.playbackMs, 50))}, p99 ${ms(percentile(a.playbackMs, 99))}`,
  );
  log(
    `posts answered after more than 3 s: ${fmt(a.beaconMs.filter((x) => x > 3000).length)} (the writer takes a post whose newest event ` +
      `is over 3 s old for a player clock that is off and moves its events to when it handles it: their buckets may change); ` +
      `bench client event-loop delay p99 ${ms(r.loopDelay.p99)}, max ${ms(r.loopDelay.max)}`,
  );
  // Who held the plan back: a simulator whose event loop lags sends late (the client is the limit),
  // a server whose answers lag makes the steps wait (the server is the limit). The client, the server
  // and PostgreSQL share this machine's cores, so the CPU shares are printed beside the verdict: a
  // server that lags while its process and the machine have CPU to spare is held back by something
  // else than its CPU (its event loop's queue, the database's round trips).
  const wireP99 = percentile(a.beaconWireMs, 99);
  const clientLate = r.loopDelay.p99 > 200;
  const serverLate = wireP99 > 1000 || r.shiftMs > 0;
  const memory = r.resources.describe(r.rssAfterFirstView);
  const { cpu } = memory;
  const shares = `server ${cpu.server.toFixed(0)} % of one core, bench client ${cpu.client.toFixed(0)} %, the machine's ${cpu.cores} cores ${cpu.machine.toFixed(0)} % busy`;
  log(
    `limit: ${
      clientLate
        ? `the CLIENT (the simulator's event loop lagged p99 ${ms(r.loopDelay.p99)}: beacons left late)`
        : serverLate
          ? `the SERVER (beacon round trip p99 ${ms(wireP99)}${r.shiftMs > 0 ? `, the plan ran ${s(r.shiftMs)} late` : ''})`
          : 'neither: the plan ran in real time'
    }${clientLate && serverLate ? `; the server lagged too (round trip p99 ${ms(wireP99)})` : ''}; CPU: ${shares}${
      cpu.machine >= 90 || cpu.saturated >= 50
        ? ` (the machine was the limit: its cores were all in use${cpu.machine >= 90 ? '' : ` in ${cpu.saturated.toFixed(0)} % of the seconds`})`
        : ''
    }`,
  );
  log(
    `busiest address: ${maxOf([...a.addressSessions.values()].map((l) => maxInWindow(l.map((t) => [t, 1]))))} playback sessions and ` +
      `${fmt(maxOf([...a.addressEvents.values()].map((l) => maxInWindow(l))))} beacon events in one minute ` +
      `(bounds: SESSIONS_PER_ADDRESS burst ${fmt(r.sessionBounds[0])} then ${fmt(r.sessionBounds[1])}/min; BEACON_EVENTS_PER_ADDRESS burst 2,000 then 6,000/min)`,
  );
  const fiveXX = a.tally.where((st) => st >= 500);
  const tooMany = a.tally.where((st) => st === 429);
  const none = a.tally.where((st) => st === 0);
  log(
    `answers: 5xx ${fiveXX}, 429 ${tooMany} (goal: none for honest viewers: ${fiveXX + tooMany === 0 ? 'met' : 'NOT met'}), ` +
      `no answer (connection error) ${none} — ${a.tally.describe()}`,
  );
  const fresh = printFreshness(r.steps, r.console.pushes);

  log('figures against the ground truth (GET …/summary, after the last beacon was written and sampled):');
  const summary = checkSummary(truth, r.summary, r.now);
  for (const line of summary.lines) log(line);
  log(
    'series (GET …/series/{metric}, default window; points compared one by one, total and per breakdown value):',
  );
  let differences = summary.differences;
  let compared = summary.compared;
  for (const m of METRICS) {
    const c = checkSeries(truth, m as PointMetric | 'videoQuality', r.series.get(m)!, r.now);
    differences += c.differences;
    compared += c.compared;
    for (const line of c.lines) log(line);
  }
  log(
    `figures exact against the ground truth (goal): ${differences === 0 ? 'met' : `NOT met: ${differences} of ${compared} differ`}`,
  );
  // Read while the audience moves: 0 while people watch is a glitch (the newest bucket read before a
  // tick sampled it); other differences are the figures' lag behind the audience.
  const zeroNow = r.summaryReads.filter((x) => x.got === 0 && x.want > 0);
  log(
    `summary.viewersNow during the run: ${r.summaryReads.length} reads, ${zeroNow.length} answered 0 while viewers watched` +
      `${zeroNow.length > 0 ? ` (expected ${zeroNow.map((x) => x.want).join(', ')})` : ''}`,
  );
  const zeros = r.boundaryReads.filter((x) => x.got === 0 && x.want > 0);
  const others = r.boundaryReads.filter((x) => x.got !== x.want && x.got !== 0);
  log(
    r.boundaryReads.length === 0
      ? "summary.viewersNow across a bucket boundary: not read (no boundary in the run's tail)"
      : `summary.viewersNow across a bucket boundary (read every 100 ms from 0.2 s before to 2.5 s after it, audience steady at ` +
          `${r.boundaryReads[0]!.want}): ${r.boundaryReads.length} reads, ${zeros.length} answered 0` +
          `${zeros.length > 0 ? ` (from +${s(zeros[0]!.offset)} to +${s(zeros[zeros.length - 1]!.offset)})` : ''}, ` +
          `${others.length} other differences${
            others.length > 0
              ? ` (${others
                  .slice(0, 5)
                  .map((x) => `${x.got} at +${s(x.offset)}`)
                  .join(', ')})`
              : ''
          }`,
  );
  const buckets = ((r.series.get('viewers')?.total as unknown[]) ?? []).length;
  const c = r.console;
  log(
    `dashboard (6 series + summary at once, ${c.loads.length} loads during the run; the 30-minute window holds ${buckets} ` +
      `buckets: the run's ${Math.round((r.lastBeacon - r.start) / 1000)} s): p50 ${ms(percentile(c.loads, 50))}, ` +
      `p95 ${ms(percentile(c.loads, 95))}; per call p95: ${[...c.perCall].map(([k, v]) => `${k} ${ms(percentile(v, 95))}`).join(', ')}`,
  );
  const h = r.history;
  log(
    `dashboard over a full 30-minute window (${fmt(h.buckets)} buckets, ${fmt(h.rows)} bucket rows: the run's copied back in time` +
      `${h.restarted ? ', the server started again on its files' : ''}; ${h.loads.length} loads one after the other, no beacons): ` +
      `p50 ${ms(percentile(h.loads, 50))}, p95 ${ms(percentile(h.loads, 95))}; per call p95: ` +
      `${[...h.perCall].map(([k, v]) => `${k} ${ms(percentile(v, 95))}`).join(', ')}`,
  );
  log(
    `summary of the live with 3 hours of buckets (${fmt(h.longRows)} bucket rows; it reads the whole live): ` +
      `${h.longSummary.length} reads, p50 ${ms(percentile(h.longSummary, 50))}, max ${ms(maxOf(h.longSummary))}`,
  );
  log(memory.line);
  log(memory.cpuLine);
  log(
    `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores (shared with other work; the bench's client runs on them too)`,
  );
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  log(
    `goals: freshness p95 ≤ 5 s ${verdict(fresh)} · figures exact ${verdict(differences === 0)} · ` +
      `no 5xx or 429 ${verdict(fiveXX + tooMany === 0)}${none > 0 ? ` (and ${none} calls without an answer)` : ''} · ` +
      `RSS flat ${verdict(memory.flat)}`,
  );
}

/** Freshness of each step: its batch's last answer → the first pushed point showing the new total. */
function printFreshness(steps: StepRecord[], pushes: Push[]): boolean {
  const fresh: number[] = [];
  const lines: string[] = [];
  let unseen = 0;
  for (const [i, step] of steps.entries()) {
    if (step.expected === step.before) {
      lines.push(`step ${step.k}: ${step.before}→${step.expected} (no change: not measured)`);
      continue;
    }
    const next = steps[i + 1]?.start ?? Number.POSITIVE_INFINITY;
    // The audience climbs to its new level from below once the joins begin (leaves go first).
    const from = step.joins > 0 ? step.rise : step.start;
    const seen = pushes.find((p) => p.at >= from && p.at < next && p.total === step.expected);
    // Not seen before the next step changes the audience again: at least that long.
    const f = seen ? Math.max(0, seen.at - step.end) : next - step.end;
    if (!seen) unseen += 1;
    fresh.push(f);
    const pushed = pushes.filter((p) => p.at >= from && p.at < next).map((p) => p.total);
    lines.push(
      `step ${step.k}: ${step.before}→${step.expected} (+${step.joins}/-${step.leaves}, batch ${s(step.end - step.start)}) ` +
        (seen
          ? s(f)
          : `NOT SEEN in the ${s(f)} before the next step (pushed: ${pushed.join(', ') || 'nothing'})`),
    );
  }
  const p95 = percentile(fresh, 95);
  log(
    `freshness (a step's last answer → the pushed analytics point with the new total), ${fresh.length} steps: ` +
      `p50 ${s(percentile(fresh, 50))}, p95 ${s(p95)}, max ${s(maxOf(fresh))}` +
      `${unseen > 0 ? ` (${unseen} not seen before the next step: counted as that long, at least)` : ''} ` +
      `(goal p95 ≤ ${GOALS.freshnessP95Ms / 1000} s: ${p95 <= GOALS.freshnessP95Ms && unseen === 0 ? 'met' : 'NOT met'})`,
  );
  for (const line of lines) log(`    ${line}`);
  return p95 <= GOALS.freshnessP95Ms && unseen === 0;
}

/** Posts a second in each 10-second window from the first answered post to the last. */
function tenSecondRates(bySecond: Map<number, number>): number[] {
  const seconds = [...bySecond.keys()];
  if (seconds.length === 0) return [];
  const first = seconds.reduce((m, x) => Math.min(m, x));
  const last = seconds.reduce((m, x) => Math.max(m, x));
  const rates: number[] = [];
  for (let from = first; from + 10 <= last + 1; from += 10) {
    let n = 0;
    for (let t = from; t < from + 10; t++) n += bySecond.get(t) ?? 0;
    rates.push(n / 10);
  }
  return rates;
}
