import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { Audience } from './analytics-audience.ts';
import { AnalyticsConsole, METRICS } from './analytics-console.ts';
import { type RunSpan, seedOnPglite, seedOnPostgres, WINDOW_MS } from './analytics-history.ts';
import { fmt, log } from './analytics-http.ts';
import { type Action, ADDRESSES, makePlan, sessionsPerAddress } from './analytics-plan.ts';
import { printPair, type StepRecord } from './analytics-report.ts';
import { ResourceSampler } from './analytics-resources.ts';
import { type Place, Truth } from './analytics-truth.ts';
import { liveOnAir, ownerSession, startBenchServer, withScratchDatabase } from './server.ts';

const SEED = Number(process.env.BENCH_ANALYTICS_SEED ?? 25);
const RUN_MS = Number(process.env.BENCH_ANALYTICS_SECONDS ?? 140) * 1000;
const STEP_MS = 8_000;
/** A step waits this long after the previous one's last answer (the timeline waits with it), so
 * that a freshness up to about the goal is seen before the audience changes again. */
const MIN_STEP_GAP_MS = 5_500;
/** The proxy's connections to the server (BENCH_ANALYTICS_CONNECTIONS; MAX_CONNECTIONS_PER_ADDRESS
 * is 64 by default, the console's 8 and its websocket count too). */
const CONNECTIONS = Number(process.env.BENCH_ANALYTICS_CONNECTIONS ?? 48);
/** Server instances on PostgreSQL (BENCH_ANALYTICS_INSTANCES, 1 by default): the README's scale-out on
 * this one machine, every instance on the same database and DATA_DIR, each player's requests on one of
 * them and the proxy's connections shared out (the embedded database is for one instance only). */
const INSTANCES = Math.max(1, Number(process.env.BENCH_ANALYTICS_INSTANCES ?? 1));
const DASHBOARD_LOADS = 20;
/** A long live, for the summary (which reads the whole live). */
const LONG_LIVE_MS = 3 * 3600_000;
/** The server's defaults (config.ts), which the bench keeps: the writer's flush, the ticker, the
 * concurrent viewers' timeout. */
const FLUSH_MS = 1_000;
const TICK_MS = 2_000;
/** The players' heartbeat (BENCH_ANALYTICS_HEARTBEAT_SECONDS): the embed's 10 s by default. The
 * beacon goal is stated at one heartbeat per 30 s (100,000 viewers, 3,333 posts a second); a longer
 * heartbeat keeps the server's concurrent-viewer timeout at three heartbeats, as 30 s is for 10 s, so
 * that a viewer between two heartbeats still counts (the ground truth uses the same timeout). */
const HEARTBEAT_MS = Number(process.env.BENCH_ANALYTICS_HEARTBEAT_SECONDS ?? 10) * 1000;
const VIEWER_TIMEOUT_MS = Math.max(30_000, 3 * HEARTBEAT_MS);
/** The server's default timeout (30 s) is kept unless the heartbeat is longer than 10 s. */
const TIMEOUT_SET = VIEWER_TIMEOUT_MS !== 30_000;

/** The enrichment's answer for each address, from the same offline databases the server reads. */
async function placesOf(): Promise<Map<string, Place>> {
  const serverModule = (path: string) =>
    import(pathToFileURL(join(import.meta.dirname, '..', 'server', 'src', path)).href);
  const [{ loadConfig }, { GeoLookup }, { ViewerGeo }] = await Promise.all([
    serverModule('config.ts'),
    serverModule('services/geo.ts'),
    serverModule('services/viewer-geo.ts'),
  ]);
  const config = loadConfig({});
  const countries = new GeoLookup(config.geoipDbPath);
  await countries.open();
  const geo = new ViewerGeo({ cityDbPaths: config.geoipCityDbPaths, asnDbDir: config.asnDbDir });
  await geo.open();
  await geo.ready();
  const out = new Map<string, Place>();
  for (const ip of ADDRESSES) {
    const place = geo.lookup(ip);
    // The view's country is the geoblock's (the country database), else the city database's.
    out.set(ip, {
      country: countries.country(ip) ?? place.country,
      state: place.state,
      city: place.city,
      provider: place.provider,
    });
  }
  geo.close();
  countries.close();
  return out;
}

/**
 * The playback-session bounds per client address this plan needs, when the defaults (burst 300, then
 * 600 a minute) are too small for it: an operator expecting this many viewers behind so few addresses
 * (school and carrier NATs) raises them, as the README says. A quarter of headroom over the plan's own
 * peak, so every honest viewer is served and a refusal still means a bug.
 */
function sessionBounds(plan: ReturnType<typeof makePlan>): {
  burst: number;
  perMinute: number;
  env: Record<string, string>;
} {
  const need = sessionsPerAddress(plan, STEP_MS);
  const burst = Math.max(300, Math.ceil((need.step * 1.25) / 100) * 100);
  const perMinute = Math.max(600, Math.ceil((need.minute * 1.25) / 100) * 100);
  if (burst === 300 && perMinute === 600) return { burst, perMinute, env: {} };
  log(
    `  at most ${fmt(need.step)} sessions from one address in a step and ${fmt(need.minute)} in a minute: ` +
      `SESSIONS_PER_ADDRESS_BURST=${burst}, _PER_MINUTE=${perMinute} for this run`,
  );
  return {
    burst,
    perMinute,
    env: { SESSIONS_PER_ADDRESS_BURST: String(burst), SESSIONS_PER_ADDRESS_PER_MINUTE: String(perMinute) },
  };
}

async function runPair(label: string, databaseUrl: string, viewers: number, places: Map<string, Place>) {
  const plan = makePlan({ seed: SEED, viewers, runMs: RUN_MS, stepMs: STEP_MS, heartbeatMs: HEARTBEAT_MS });
  const bounds = sessionBounds(plan);
  const env = {
    DATABASE_URL: databaseUrl,
    // The viewers' addresses come in X-Forwarded-For from the proxy on this machine.
    TRUST_PROXY: '127.0.0.1',
    ...(CONNECTIONS > 48 ? { MAX_CONNECTIONS_PER_ADDRESS: String(CONNECTIONS + 16) } : {}),
    ...(TIMEOUT_SET ? { VIEWER_TIMEOUT_SECONDS: String(VIEWER_TIMEOUT_MS / 1000) } : {}),
    ...bounds.env,
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'palco-bench-analytics-'));
  let server = await startBenchServer(env, { dataDir });
  // More instances start once the first has migrated and seeded the database and written the
  // DATA_DIR's signing secret, which they share.
  const instances = databaseUrl ? INSTANCES : 1;
  const more: Awaited<ReturnType<typeof startBenchServer>>[] = [];
  for (let i = 1; i < instances; i++) more.push(await startBenchServer(env, { dataDir }));
  const sampler = new ResourceSampler([server.pid, ...more.map((m) => m.pid)]);
  sampler.start();
  let audience: Audience | null = null;
  let analyst: AnalyticsConsole | null = null;
  try {
    const { token, accountId } = await ownerSession(server.base);
    const liveId = await liveOnAir(
      server.base,
      token,
      accountId,
      server.dataDir,
      `Bench analytics ${viewers}`,
    );
    const truth = new Truth(VIEWER_TIMEOUT_MS);
    const players = new Audience(
      [server.base, ...more.map((m) => m.base)],
      liveId,
      plan,
      places,
      truth,
      CONNECTIONS,
    );
    audience = players;
    const desk = new AnalyticsConsole(server.base, accountId, token, liveId, players.tally);
    analyst = desk;
    await desk.open();

    // The server reads its enrichment tables at its first view (docs/analytics.md "Enrichment"): the
    // first player arrives before the run, not measured; its later actions keep their place.
    const first = players.players[0]!;
    const firstArrival = first.plan.actions[0]!;
    await players.enqueue(first, firstArrival);
    const warmMs = players.beaconMs.pop() ?? Number.NaN;
    players.beaconWireMs.pop();
    await sleep(FLUSH_MS + TICK_MS);
    const rssAfterFirstView = sampler.rssNowMb();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();

    const start = Date.now() + 500;
    /** How much later than planned the timeline runs: a step waits for the previous one (above). */
    let shift = 0;
    const at = (t: number) => start + t + shift;
    const until = async (t: number) => {
      for (let wait = at(t) - Date.now(); wait > 1; wait = at(t) - Date.now()) await sleep(wait);
    };
    // What comes after a step waits until the step's changes are under way, so that each player's
    // requests keep their order (a heartbeat after a resume is not posted before it).
    const gates = plan.steps.map(() => {
      let resolve = () => {};
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      return { promise, resolve };
    });
    // Actions on a timer (arrivals, startups, heartbeats, stalls…) and the steps' batches.
    const timed: { t: number; p: (typeof players.players)[number]; action: Action }[] = [];
    const byStep = new Map<number, { p: (typeof players.players)[number]; action: Action }[]>();
    for (const p of players.players)
      for (const action of p.plan.actions) {
        if (action === firstArrival) continue;
        if (action.kind !== 'arrive' && action.step !== undefined) {
          const list = byStep.get(action.step) ?? [];
          list.push({ p, action });
          byStep.set(action.step, list);
        } else timed.push({ t: action.t, p, action });
      }
    timed.sort((x, y) => x.t - y.t);

    const timer = (async () => {
      let next = 0;
      for (const item of timed) {
        while (next < plan.steps.length && item.t >= plan.steps[next]!) await gates[next++]!.promise;
        await until(item.t);
        void players.enqueue(item.p, item.action);
      }
    })();
    const steps: StepRecord[] = [];
    const stepper = (async () => {
      let previous = 0;
      for (const [k, t] of plan.steps.entries()) {
        shift += Math.max(0, previous + MIN_STEP_GAP_MS - at(t));
        await until(t);
        const list = byStep.get(k) ?? [];
        const down = list.filter((x) => x.action.kind === 'post' && (x.action.delta ?? 0) < 0);
        const up = list.filter((x) => !down.includes(x));
        const before = truth.viewersNow(Date.now());
        const begin = Date.now();
        // Leaves first, written (one flush) before the joins: the audience goes down, then up to its
        // new level, and never passes above the higher of the two levels in between (so the peak
        // the ticks sample is a level the truth knows).
        await Promise.all(down.map((x) => players.enqueue(x.p, x.action)));
        if (down.length > 0 && up.length > 0) await sleep(FLUSH_MS + 500);
        const rise = Date.now();
        const joined = up.map((x) => players.enqueue(x.p, x.action));
        gates[k]!.resolve();
        await Promise.all(joined);
        const end = Date.now();
        previous = end;
        const expected = truth.viewersNow(end);
        truth.level(k, expected);
        steps.push({ k, start: begin, rise, end, before, expected, joins: up.length, leaves: down.length });
      }
    })();
    // The analyst loads the dashboard during the run.
    const summaryReads: { got: number; want: number }[] = [];
    const loads = (async () => {
      const from = plan.steps[1]!;
      const every = Math.max(2000, Math.floor((plan.endMs - from - 3000) / DASHBOARD_LOADS));
      for (let i = 0; i < DASHBOARD_LOADS; i++) {
        const wait = at(from + i * every) - Date.now();
        if (wait > 0) await sleep(wait);
        const want = truth.viewersNow(Date.now());
        const got = await desk.loadDashboard();
        if (got !== null) summaryReads.push({ got, want });
      }
    })();
    // Once the audience holds still (after the last step), viewersNow is read across a bucket
    // boundary: beacons keep coming, a new bucket's first rows are written by a flush and its
    // viewers by the next tick.
    let boundaryReads: { offset: number; got: number; want: number }[] = [];
    const boundary = (async () => {
      await stepper;
      await sleep(2000);
      const b = Math.ceil(Date.now() / 10_000) * 10_000;
      if (b + 2600 > at(plan.endMs)) return;
      boundaryReads = await desk.readAcrossBoundary(b, () => truth.viewersNow(Date.now()));
    })();

    await Promise.all([timer, stepper, loads, boundary]);
    await players.settled();
    const lastBeacon = Date.now();
    loopDelay.disable();
    // Everything acknowledged is written at the next flush, the audience sampled at the next tick.
    await sleep(FLUSH_MS + TICK_MS + 1000);
    const now = Date.now();
    const read = async (path: string) => {
      const r = await desk.get(path);
      if (!r.body) throw new Error(`GET ${path} answered ${r.status}`);
      return r.body;
    };
    const summary = await read('summary');
    const series = new Map<string, Record<string, unknown>>();
    for (const m of METRICS) series.set(m, await read(`series/${m}`));
    const resources = sampler.stop();
    // The run's connections go (they count towards MAX_CONNECTIONS_PER_ADDRESS for the next ones).
    players.close();
    desk.close();

    // The dashboard again over a full 30-minute window, then the summary of a live 3 hours on air
    // (bench/analytics-history.ts). On PGlite the server stops while its files are written.
    const seedAndReopen = async (windowMs: number, run: RunSpan | null) => {
      if (databaseUrl) {
        const seeded = await seedOnPostgres(databaseUrl, liveId, windowMs, run);
        return { seeded, desk: new AnalyticsConsole(server.base, accountId, token, liveId, players.tally) };
      }
      await server.stop();
      const seeded = await seedOnPglite(dataDir, liveId, windowMs, run);
      server = await startBenchServer(env, { dataDir });
      const again = (await ownerSession(server.base)).token;
      return { seeded, desk: new AnalyticsConsole(server.base, accountId, again, liveId, players.tally) };
    };
    const thirty = await seedAndReopen(WINDOW_MS, null);
    for (let i = 0; i < DASHBOARD_LOADS; i++) {
      await thirty.desk.loadDashboard();
      await sleep(250);
    }
    thirty.desk.close();
    const long = await seedAndReopen(LONG_LIVE_MS, thirty.seeded.run);
    const longSummary: number[] = [];
    for (let i = 0; i < 5; i++) {
      longSummary.push((await long.desk.get('summary')).ms);
      await sleep(250);
    }
    long.desk.close();
    printPair({
      label: instances > 1 ? `${label}, ${instances} server instances` : label,
      viewers,
      runMs: RUN_MS,
      heartbeatMs: HEARTBEAT_MS,
      shiftMs: shift,
      stepMs: STEP_MS,
      seed: SEED,
      sessionBounds: [bounds.burst, bounds.perMinute],
      plan,
      audience: players,
      console: desk,
      truth,
      steps,
      start,
      lastBeacon,
      warmMs,
      loopDelay: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
      summaryReads,
      boundaryReads,
      now,
      summary,
      series,
      resources,
      rssAfterFirstView,
      history: {
        rows: thirty.seeded.rows,
        buckets: thirty.seeded.buckets,
        loads: thirty.desk.loads,
        perCall: thirty.desk.perCall,
        restarted: !databaseUrl,
        longRows: long.seeded.rows,
        longSummary,
      },
    });
  } finally {
    analyst?.close();
    audience?.close();
    sampler.stop();
    for (const m of more) await m.stop();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runAnalyticsBench(): Promise<void> {
  const sizes = (process.env.BENCH_ANALYTICS_VIEWERS ?? '1000,5000').split(',').map(Number);
  const dbs = (process.env.BENCH_ANALYTICS_DB ?? 'pglite,postgres').split(',');
  const places = await placesOf();
  log(
    `defaults kept: ANALYTICS_TICK_MS 2000, ANALYTICS_FLUSH_MS 1000, ${TIMEOUT_SET ? '' : 'VIEWER_TIMEOUT_SECONDS 30, '}BEACONS_PER_MINUTE 30, ` +
      'SESSIONS_PER_ADDRESS_* 300/600 (raised for an audience that needs more, printed with its run), BEACON_EVENTS_PER_ADDRESS_* 2000/6000, BEACON_EVENTS_PER_SESSION_* 60/60/3000; ' +
      `set: TRUST_PROXY=127.0.0.1 (the proxy in front of the server)${TIMEOUT_SET ? `, VIEWER_TIMEOUT_SECONDS=${VIEWER_TIMEOUT_MS / 1000} (three heartbeats)` : ''}; ` +
      `viewers heartbeat every ${HEARTBEAT_MS / 1000} s and reach the server over ${CONNECTIONS} keep-alive connections` +
      (INSTANCES > 1 ? `; ${INSTANCES} server instances on PostgreSQL, the connections shared out` : ''),
  );
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  for (const db of dbs) {
    for (const n of sizes) {
      if (db === 'pglite') await runPair('embedded PGlite', '', n, places);
      else if (adminUrl)
        await withScratchDatabase('bench_analytics', adminUrl, (url) =>
          runPair('PostgreSQL', url, n, places),
        );
      else
        log(
          '\nPostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL to a server that may create databases)',
        );
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runAnalyticsBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
