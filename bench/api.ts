// API requests per second and the server's memory (docs/server.md "Where a request's time goes"): the
// built server as `npm start` runs it (bin/serve over server/dist/server.mjs; this bench builds nothing
// but the server bundle bench/server.ts always refreshes — the console's dist/ is not needed), on a fresh
// DATA_DIR with the embedded database and then, when BENCH_DATABASE_URL / TEST_DATABASE_URL /
// DATABASE_URL names a PostgreSQL server, on a scratch database there. Signs the owner in, seeds a few
// videos' worth of demo data and live streams, then for each route runs a load generator in its own
// process (bench/api-load.ts: CONNECTIONS keep-alive connections, ROUTE_MS each) and prints req/s and
// p99 beside the goal, PGlite and PostgreSQL side by side, and the server's RSS (summed over its
// process tree): idle, its peak under the load (sampled four times a second while the routes run) and
// 10 s after the load. BENCH_API_DB=pglite,postgres picks the databases, BENCH_API_ROUTES the
// routes, BENCH_API_SERVER_NODE_OPTIONS the server's node options (a profile). Asserts nothing. Run alone:
// `node --import tsx bench/api.ts`, or `npm run bench -- --only=api`.
import { execFile } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ownerSession, startBenchServer, treeCpuSeconds, treeRss, withScratchDatabase } from './server.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 16);
const ROUTE_MS = Number(process.env.BENCH_API_ROUTE_MS ?? 10_000);
const log = (line = '') => process.stdout.write(`${line}\n`);

interface Route {
  name: string;
  path: (accountId: string) => string;
  signedIn: boolean;
  /** req/s goal on the embedded database and on PostgreSQL; p99 goal in ms. */
  goal: { pglite: number; postgres: number; p99: number };
}

// The goals: 600 / 1,500 req/s for the video list with p99 ≤ 50 ms; /bff/me and the live-stream list
// "in the same league" (the same figures); /healthz has no goal of its own (the floor of a request).
const ROUTES: Route[] = [
  { name: 'GET /healthz', path: () => '/healthz', signedIn: false, goal: { pglite: 0, postgres: 0, p99: 0 } },
  {
    name: 'GET /bff/me',
    path: () => '/bff/me',
    signedIn: true,
    goal: { pglite: 600, postgres: 1500, p99: 50 },
  },
  {
    name: 'GET /v1/videos',
    path: (a) => `/v1/videos?accountId=${a}`,
    signedIn: true,
    goal: { pglite: 600, postgres: 1500, p99: 50 },
  },
  {
    name: 'GET /v1/live-streams',
    path: (a) => `/v1/live-streams?accountId=${a}`,
    signedIn: true,
    goal: { pglite: 600, postgres: 1500, p99: 50 },
  },
];
/** BENCH_API_ROUTES=live-streams,videos: only the routes whose path contains one of the words. */
function selectedRoutes(): Route[] {
  const words = process.env.BENCH_API_ROUTES?.split(',').filter(Boolean);
  return words?.length ? ROUTES.filter((r) => words.some((w) => r.name.includes(w))) : ROUTES;
}
const RSS_GOAL = { pglite: { idle: 150, load: 180 }, postgres: { idle: 120, load: 150 } };

interface Figures {
  routes: Record<string, { rps: number; p99: number; failed: number }>;
  rssIdle: number;
  /** The highest RSS sampled while the load ran: where the goal is judged ("under the load"). */
  rssPeak: number;
  /** 10 s after the load: what the server keeps once its collector has caught up. */
  rssAfter: number;
}

/** Runs `work` while sampling the server's RSS every 250 ms; resolves to its result and the peak. A
 * single sample at the end fell anywhere in the collector's cycle (135-194 MB in runs of one tree). */
async function sampled<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = treeRss(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(pid));
  }, 250);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, treeRss(pid)) };
  } finally {
    clearInterval(timer);
  }
}

function load(url: string, token: string, ms: number): Promise<{ rps: number; p99: number; failed: number }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'bench/api-load.ts'), url, token, String(CONNECTIONS), String(ms)],
      { cwd: ROOT },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout.trim().split('\n').at(-1)!))),
    );
  });
}

/** A few live streams in the team (the demo data already holds its videos). */
async function seed(base: string, token: string, accountId: string): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${base}/v1/live-streams?accountId=${accountId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        nome: `Bench live ${i + 1}`,
        scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    });
    if (res.status !== 201) throw new Error(`creating a live stream answered ${res.status}`);
  }
}

async function measure(label: string, databaseUrl: string): Promise<Figures> {
  // A fresh embedded database is created and migrated at start: minutes on a busy 2-core box.
  const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  // e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the server under this load (the profile is
  // written when the server exits at the end of the run).
  if (process.env.BENCH_API_SERVER_NODE_OPTIONS) env.NODE_OPTIONS = process.env.BENCH_API_SERVER_NODE_OPTIONS;
  // Flags Node refuses in NODE_OPTIONS (`--optimize-for-size`) go on bin/serve's command line.
  if (process.env.BENCH_API_SERVER_NODE_FLAGS) env.SERVE_NODE_FLAGS = process.env.BENCH_API_SERVER_NODE_FLAGS;
  const server = await startBenchServer(env, { startupMs: 300_000 });
  try {
    const { token, accountId } = await ownerSession(server.base);
    await seed(server.base, token, accountId);
    // Let start-up work (migrations' aftermath, first ticks) settle before the idle figure.
    await new Promise((r) => setTimeout(r, 3000));
    const rssIdle = treeRss(server.pid);
    const routes: Figures['routes'] = {};
    let rssPeak = rssIdle;
    for (const route of selectedRoutes()) {
      const url = `${server.base}${route.path(accountId)}`;
      const warm = await sampled(server.pid, () =>
        load(url, route.signedIn ? token : '', Math.min(1000, ROUTE_MS)),
      ); // warm-up: JIT, pools
      const cpuBefore = treeCpuSeconds(server.pid);
      const { result: r, peak } = await sampled(server.pid, () =>
        load(url, route.signedIn ? token : '', ROUTE_MS),
      );
      rssPeak = Math.max(rssPeak, warm.peak, peak);
      const cpuMsPerRequest = ((treeCpuSeconds(server.pid) - cpuBefore) * 1000) / (r.rps * (ROUTE_MS / 1000));
      routes[route.name] = r;
      log(
        `  ${label}: ${route.name} ${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(1)} ms, server CPU ${cpuMsPerRequest.toFixed(2)} ms a request${r.failed ? `, ${r.failed} not 200` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, 10_000));
    return { routes, rssIdle, rssPeak, rssAfter: treeRss(server.pid) };
  } finally {
    await server.stop();
  }
}

export async function runApiBench(): Promise<void> {
  log(
    `the built server (bin/serve; this bench builds only the server bundle); ${CONNECTIONS} keep-alive connections, ${ROUTE_MS / 1000} s per route; host ${availableParallelism()} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const dbs = (process.env.BENCH_API_DB ?? 'pglite,postgres').split(',');
  const pglite = dbs.includes('pglite') ? await measure('PGlite', '') : null;
  const adminUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const postgres =
    adminUrl && dbs.includes('postgres')
      ? await withScratchDatabase('palco_bench_api', adminUrl, (url) => measure('PostgreSQL', url))
      : null;
  if (!postgres) log('  PostgreSQL: skipped (set BENCH_DATABASE_URL to a server that may create databases)');
  const cell = (f: Figures | null, name: string, goal: number, p99Goal: number) => {
    const r = f?.routes[name];
    if (!r) return '—'.padEnd(40);
    const ok = goal === 0 || (r.rps >= goal && r.p99 <= p99Goal);
    const goalText = goal === 0 ? '' : ` (goal ≥ ${goal}, ≤ ${p99Goal} ms: ${ok ? 'met' : 'NOT met'})`;
    return `${r.rps.toFixed(0)} req/s p99 ${r.p99.toFixed(0)} ms${goalText}`.padEnd(40);
  };
  log(`\n  ${'route'.padEnd(22)}${'PGlite'.padEnd(52)}PostgreSQL`);
  for (const route of selectedRoutes()) {
    log(
      `  ${route.name.padEnd(22)}${cell(pglite, route.name, route.goal.pglite, route.goal.p99).padEnd(52)}${cell(postgres, route.name, route.goal.postgres, route.goal.p99)}`,
    );
  }
  const mem = (f: Figures | null, goal: { idle: number; load: number }) =>
    f
      ? `${f.rssIdle.toFixed(0)} → ${f.rssPeak.toFixed(0)} → ${f.rssAfter.toFixed(0)} MB (goal ≤ ${goal.idle} → ≤ ${goal.load}: ${f.rssIdle <= goal.idle && f.rssPeak <= goal.load ? 'met' : 'NOT met'})`
      : '—';
  log(
    `  ${'RSS idle → peak → 10 s'.padEnd(24)}${mem(pglite, RSS_GOAL.pglite).padEnd(52)}${mem(postgres, RSS_GOAL.postgres)}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runApiBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
