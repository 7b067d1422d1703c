// The streaming library's list call with 10,000 streams in one account (docs/api-streams.md). Starts the real
// server in this process on a fresh embedded database (PGlite in a temporary DATA_DIR), bulk-inserts
// the streams, signs in as the demo owner and times, through app.inject with that token,
//   GET /v1/live-streams?sort=date,desc&page=1&limit=10&shutdown=false   (the library's first page)
// and the same call with a `title` filter. Prints p50/p95 against the goal (p95 ≤ 20 ms). Asserts
// nothing. Run alone: `node --import tsx bench/streams.ts`.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const STREAMS = 10_000;
const WARMUP = 30;
const RUNS = 300;
const GOAL_P95_MS = 20;
// The seeded demo data (server/src/db/seed.ts).
const OWNER = { login: 'owner@palco.test', password: 'palco123' };
const DEMO_ACCOUNT = 'a0000000-0000-4000-8000-000000000002';

export interface StreamsBenchResult {
  streams: number;
  runs: number;
  list: Timing;
  title: Timing;
  /** An authenticated call that does almost nothing (GET /v1/teams): the floor under every call. */
  floor: Timing;
  goalP95Ms: number;
}

// The server is loaded by URL at run time: the console's tsconfig (which checks bench/) does not
// accept the server's `.ts` import specifiers, so only the small surface used here is typed.
interface InjectResult {
  statusCode: number;
  body: string;
  json(): unknown;
}
interface App {
  inject(options: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
  }): Promise<InjectResult>;
  close(): Promise<void>;
  db: {
    insertInto(table: 'live_streams'): {
      values(rows: Record<string, unknown>[]): { execute(): Promise<unknown> };
    };
  };
}
const serverModule = (path: string) =>
  import(pathToFileURL(join(import.meta.dirname, '..', 'server', 'src', path)).href);

const log = (line = '') => process.stdout.write(`${line}\n`);
const ms = (n: number) => `${n.toFixed(2)} ms`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const WORDS = [
  'Aula',
  'Webinar',
  'Show',
  'Podcast',
  'Conferência',
  'Treinamento',
  'Entrevista',
  'Debate',
  'Live',
  'Culto',
];
const key = () => randomBytes(32).toString('base64url');

/** 10,000 streams: most finished (the past), a third scheduled, a few live or paused. */
function streamRows(now: number): Record<string, unknown>[] {
  const json = JSON.stringify;
  return Array.from({ length: STREAMS }, (_, i) => {
    const roll = i % 20;
    const status = roll < 12 ? 'finished' : roll < 18 ? 'scheduled' : roll === 18 ? 'live' : 'paused';
    const offset = (status === 'scheduled' ? 1 : -1) * (i + 1) * 37 * 60_000;
    const start = new Date(now + offset);
    return {
      account_id: DEMO_ACCOUNT,
      nome: `${WORDS[i % WORDS.length]} ${i + 1} — turma ${(i % 37) + 1}`,
      descricao: null,
      status,
      scheduled_start_time: start,
      started_at: status === 'scheduled' ? null : start,
      finished_at: status === 'finished' ? new Date(start.getTime() + 3_600_000) : null,
      type: 'encoder',
      latency: 'default',
      auto_start: false,
      auto_cuts: false,
      player_color: 'rgba(90, 50, 200, 1)',
      transcode: json({ enableLive2vod: true, enableDvr: false, enableAudioOnly: false }),
      security: json({ geoAccessControl: 'off', geoRegionList: [], referrerWhitelist: [] }),
      ads: json({ preRollVastUrl: null, postRollVastUrl: null }),
      studio: json({
        chat: true,
        settingsButton: true,
        moreOptionsButton: true,
        studioColor: 'rgba(20, 18, 31, 1)',
        waitingRoomColor: 'rgba(20, 18, 31, 1)',
      }),
      analytics_measurement_id: null,
      stream_key: key(),
      signals: json([{ id: crypto.randomUUID(), nome: 'Sinal 1', key: key(), resolution: null }]),
    };
  });
}

interface Timing {
  p50: number;
  p95: number;
  /** CPU time of this process per call (the embedded database runs in it): what the call costs,
   * whatever else the machine is doing. */
  cpuP50: number;
  cpuP95: number;
}

async function time(app: App, url: string, token: string): Promise<Timing> {
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < WARMUP; i++) await app.inject({ method: 'GET', url, headers });
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    const res = await app.inject({ method: 'GET', url, headers });
    wall.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    p50: percentile(wall, 50),
    p95: percentile(wall, 95),
    cpuP50: percentile(cpu, 50),
    cpuP95: percentile(cpu, 95),
  };
}

export async function runStreamsBench(): Promise<StreamsBenchResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'palco-bench-streams-'));
  const [{ buildApp }, { loadConfig }] = (await Promise.all([
    serverModule('app.ts'),
    serverModule('config.ts'),
  ])) as [
    { buildApp(config: unknown): Promise<App> },
    { loadConfig(env: Record<string, string>): Record<string, unknown> },
  ];
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', INGEST_PORT: 'off' }),
    dataDir,
    databaseUrl: undefined,
    staticDir: join(dataDir, 'no-console'),
  };
  log(
    `live-stream library: ${STREAMS.toLocaleString('en')} streams in one account, embedded database (PGlite)`,
  );
  const app = await buildApp(config);
  try {
    const rows = streamRows(Date.now());
    const t0 = performance.now();
    for (let i = 0; i < rows.length; i += 1000)
      await app.db
        .insertInto('live_streams')
        .values(rows.slice(i, i + 1000))
        .execute();
    log(`  bulk insert: ${ms(performance.now() - t0)}`);

    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: OWNER });
    const token = (login.json() as { Token: string }).Token;
    const base = `/v1/live-streams?accountId=${DEMO_ACCOUNT}&sort=date,desc&page=1&limit=10&shutdown=false`;
    const first = (
      await app.inject({ method: 'GET', url: base, headers: { authorization: `Bearer ${token}` } })
    ).json() as {
      pagination: { total: number };
    };
    log(`  first page of ${first.pagination.total.toLocaleString('en')} streams not finished`);

    const list = await time(app, base, token);
    const title = await time(app, `${base}&title=aula`, token);
    const floor = await time(app, `/v1/teams?accountId=${DEMO_ACCOUNT}`, token);
    const verdict = (p95: number) => (p95 <= GOAL_P95_MS ? 'ok' : 'OVER GOAL');
    const line = (label: string, t: Timing, goal: boolean) =>
      log(
        `  ${label.padEnd(13)} p50 ${ms(t.p50)}  p95 ${ms(t.p95)}   cpu p50 ${ms(t.cpuP50)}  p95 ${ms(t.cpuP95)}` +
          (goal ? `   (goal p95 ≤ ${GOAL_P95_MS} ms: ${verdict(t.p95)})` : ''),
      );
    line('list', list, true);
    line('title filter', title, true);
    line('auth floor', floor, false);
    log(`  (load average ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} CPUs while measuring)`);
    return { streams: STREAMS, runs: RUNS, list, title, floor, goalP95Ms: GOAL_P95_MS };
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runStreamsBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
