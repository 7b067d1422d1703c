// The activity-log budget (docs/api-logs.md "Performance"), measured: with 1,000,000 entries in one account,
// the first page of GET /v1/logs with a 30-day range and a responsible search answers in ≤ 20 ms at p95 on
// the embedded database (PGlite); page 500 is measured too. Asserts nothing; prints figures against the goal.
//
// It seeds a fresh PGlite in a temporary DATA_DIR (demo data, then 1,000,000 entries by INSERT … SELECT
// generate_series), restarts the server on it (as a deployment would: the restart refreshes the planner
// statistics, see server/src/routes/logs/statistics.ts), then times each case through the real route
// (app.inject: auth, tenancy, validation, the queries, serialisation) and through the repository alone
// (findActivity: the search resolution, the page query and the capped count).
//
// Run alone: `node --import tsx bench/logs.ts` (ENTRIES=… and ITERATIONS=… to change the size).
// The server is imported by path at run time: its sources use `.ts` import paths, which this
// project's root tsconfig (the console's) does not accept, so the types it needs are declared here.
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Kysely, sql } from 'kysely';

const GOAL_P95_MS = 20;
const DEMO_ACCOUNT = 'a0000000-0000-4000-8000-000000000002';
const DEMO_CLIENT = 'c0000000-0000-4000-8000-000000000002';
const OWNER = { id: 'e0000000-0000-4000-8000-000000000002', login: 'owner@palco.test', name: 'Olívia Dona' };
const DEMO_PASSWORD = 'palco123';

interface InjectAnswer {
  statusCode: number;
  body: string;
  json<T>(): T;
}
interface BenchApp {
  db: Kysely<object>;
  inject(options: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: object;
  }): Promise<InjectAnswer>;
  backgroundIdle(): Promise<void>;
  close(): Promise<void>;
}
interface ActivityQuery {
  accountId?: string;
  user?: string;
  identifier?: string;
  start?: Date;
  end?: { at: Date; inclusive: boolean };
  order: 'asc' | 'desc';
  page: number;
  limit: number;
  countAhead: number;
}
interface ServerModules {
  buildApp(config: object): Promise<BenchApp>;
  loadConfig(env: Record<string, string | undefined>): object;
  findActivity(
    db: Kysely<object>,
    q: ActivityQuery,
  ): Promise<{ rows: unknown[]; total: number; exact: boolean }>;
  countPagesAhead: number;
}

async function serverModules(): Promise<ServerModules> {
  const at = (path: string) => new URL(`../server/src/${path}`, import.meta.url).href;
  const [app, config, repository, routes] = await Promise.all([
    import(at('app.ts')),
    import(at('config.ts')),
    import(at('db/repositories/activity-log.ts')),
    import(at('routes/logs/index.ts')),
  ]);
  return {
    buildApp: app.buildApp,
    loadConfig: config.loadConfig,
    findActivity: repository.findActivity,
    countPagesAhead: routes.COUNT_PAGES_AHEAD,
  };
}

/** 1,000,000 entries over the last 365 days, newest last. 30 % by the owner, 65 % spread over 39 other
 * members (about 1.7 % each), 5 % refused sign-ins with nobody responsible. */
export async function seedLogEntries(
  db: Kysely<object>,
  entries: number,
  log: (line: string) => void,
): Promise<number> {
  const started = performance.now();
  // Bulk load as one would: the secondary indexes are dropped and rebuilt from their own definitions
  // (a sorted build is several times faster than a million index insertions).
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes
    WHERE tablename = 'activity_logs' AND indexname <> 'activity_logs_pkey'`.execute(db);
  for (const index of indexes) await sql`DROP INDEX ${sql.id(index.name)}`.execute(db);
  const chunk = 250_000;
  for (let from = 1; from <= entries; from += chunk) {
    const to = Math.min(entries, from + chunk - 1);
    await sql`
      INSERT INTO activity_logs (account_id, client_id, event, identifier, record, created_at,
                                 actor_id, actor_name, actor_email, actor_avatar, ip, user_agent)
      SELECT ${DEMO_ACCOUNT}::uuid, ${DEMO_CLIENT}::uuid,
             CASE WHEN who >= 95 THEN 'LOGIN_RECUSADO'
                  ELSE (ARRAY['TRANSMISSAO_CRIADA', 'TRANSMISSAO_ATUALIZADA', 'TRANSMISSAO_INICIADA',
                              'TRANSMISSAO_ENCERRADA', 'VIDEO_CRIADO', 'VIDEO_ATUALIZADO', 'UPLOAD_CONCLUIDO',
                              'LEGENDA_CRIADA', 'PASTA_CRIADA', 'LOGIN_REALIZADO'])[1 + (i * 7) % 10] END,
             CASE WHEN who >= 95 THEN 'tentativa' || (i % 500) || '@bench.test' ELSE md5(i::text)::uuid::text END,
             jsonb_build_array(jsonb_build_object('Key', 'nome', 'Value', 'Aula ' || i)),
             now() - make_interval(secs => (${entries} - i) * (365 * 86400.0 / ${entries})),
             CASE WHEN who < 30 THEN ${OWNER.id}::uuid END,
             CASE WHEN who < 30 THEN ${OWNER.name}
                  WHEN who < 95 THEN 'Membro ' || lpad((1 + who % 39)::text, 2, '0') || ' Silva' END,
             CASE WHEN who < 30 THEN ${OWNER.login}
                  WHEN who < 95 THEN 'membro' || lpad((1 + who % 39)::text, 2, '0') || '@bench.test' END,
             NULL,
             '10.0.' || (i % 250) || '.' || (1 + i % 7),
             'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
      FROM (SELECT i, ((i * 2654435761) % 1000003) % 100 AS who
            FROM generate_series(${from}::bigint, ${to}::bigint) AS i) AS g`.execute(db);
    log(
      `  seeded ${to.toLocaleString('en')} entries (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  for (const index of indexes) await sql.raw(index.definition).execute(db);
  log(`  rebuilt ${indexes.length} indexes (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return (performance.now() - started) / 1000;
}

interface Figures {
  p50: number;
  p95: number;
  /** The same percentiles of this process's CPU time (user + system, all threads — GC included): what
   * the call costs when the machine is busy with other work and wall time mostly measures waiting. */
  cpuP50: number;
  cpuP95: number;
}

async function time(iterations: number, run: () => Promise<void>): Promise<Figures> {
  for (let i = 0; i < Math.min(30, iterations); i++) await run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await run();
    const used = process.cpuUsage(cpuStarted);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  const at = (samples: number[], q: number) => {
    const sorted = [...samples].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  };
  return { p50: at(wall, 0.5), p95: at(wall, 0.95), cpuP50: at(cpu, 0.5), cpuP95: at(cpu, 0.95) };
}

export interface LogsBenchCase {
  label: string;
  /** Matching entries as the route reported them (a lower bound when not exact). */
  total: number;
  totalExact: boolean;
  rows: number;
  route: Figures;
  repository: Figures;
  goalMs: number | null;
}

export interface LogsBenchResult {
  entries: number;
  seedSeconds: number;
  cases: LogsBenchCase[];
}

export async function runLogsBench(
  options: { entries?: number; iterations?: number; log?: (line: string) => void } = {},
): Promise<LogsBenchResult> {
  const entries = options.entries ?? 1_000_000;
  const iterations = options.iterations ?? 300;
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const server = await serverModules();
  const dataDir = await mkdtemp(join(tmpdir(), 'palco-logs-bench-'));
  const config = server.loadConfig({
    LOG_LEVEL: 'silent',
    INGEST_PORT: 'off',
    DATA_DIR: dataDir,
    STATIC_DIR: join(dataDir, 'no-console'),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  });

  let app: BenchApp | undefined;
  try {
    log(`Activity log bench: ${entries.toLocaleString('en')} entries in one account, embedded PGlite`);
    app = await server.buildApp(config);
    const seedSeconds = await seedLogEntries(app.db, entries, log);
    await app.close();
    // A restart, as after a deployment: the server refreshes the table's planner statistics at start.
    app = await server.buildApp(config);
    await app.backgroundIdle();

    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { login: OWNER.login, password: DEMO_PASSWORD },
    });
    const token = login.json<{ Token: string }>().Token;
    const now = new Date();
    const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
    const range = { start: monthAgo.toISOString(), end: now.toISOString() };

    const cases: Array<{ label: string; query: Record<string, string | number>; goal: boolean }> = [
      {
        label: '(a) page 1, 30-day range, responsible "membro07" (one member, ~1.7 % of entries)',
        query: { ...range, user: 'membro07' },
        goal: true,
      },
      {
        label: '(a) page 1, 30-day range, responsible "Olívia" (the most active, ~30 %)',
        query: { ...range, user: 'Olívia' },
        goal: true,
      },
      {
        label: '(a) page 1, 30-day range, responsible "zz" (no match)',
        query: { ...range, user: 'zz' },
        goal: true,
      },
      {
        label: '(a) page 1, 30-day range, identifier "tentativa7" (refused sign-ins)',
        query: { ...range, identifier: 'tentativa7' },
        goal: true,
      },
      { label: '(a) page 1, 30-day range, no search', query: { ...range }, goal: true },
      { label: '(b) page 500 of 10, 30-day range, no search', query: { ...range, page: 500 }, goal: false },
      { label: '(b) page 500 of 10, all time, no search', query: { page: 500 }, goal: false },
      {
        label: '(b) page 500 of 10, all time, responsible "Olívia"',
        query: { page: 500, user: 'Olívia' },
        goal: false,
      },
    ];

    const results: LogsBenchCase[] = [];
    for (const { label, query, goal } of cases) {
      const params = new URLSearchParams({ accountId: DEMO_ACCOUNT, limit: '10' });
      for (const [key, value] of Object.entries(query)) params.set(key, String(value));
      const url = `/v1/logs?${params}`;
      const headers = { authorization: `Bearer ${token}` };
      const first = await app.inject({ method: 'GET', url, headers });
      if (first.statusCode !== 200) throw new Error(`${url} answered ${first.statusCode}: ${first.body}`);
      const body = first.json<{ items: unknown[]; pagination: { total: number; totalExact: boolean } }>();

      const filter: ActivityQuery = {
        accountId: DEMO_ACCOUNT,
        ...(query.user ? { user: String(query.user) } : {}),
        ...(query.identifier ? { identifier: String(query.identifier) } : {}),
        ...(query.start ? { start: new Date(String(query.start)) } : {}),
        ...(query.end ? { end: { at: new Date(String(query.end)), inclusive: true } } : {}),
        order: 'desc',
        page: Number(query.page ?? 1),
        limit: 10,
        countAhead: server.countPagesAhead * 10,
      };
      const db = app.db;
      const inject = app.inject.bind(app);
      const route = await time(iterations, async () => {
        const res = await inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
      });
      const repository = await time(iterations, async () => {
        await server.findActivity(db, filter);
      });
      const result: LogsBenchCase = {
        label,
        total: body.pagination.total,
        totalExact: body.pagination.totalExact,
        rows: body.items.length,
        route,
        repository,
        goalMs: goal ? GOAL_P95_MS : null,
      };
      results.push(result);
      printCase(result, log);
    }
    const [one, five, fifteen] = loadavg().map((l) => l.toFixed(1));
    log(
      `  (load average ${one} / ${five} / ${fifteen} on ${availableParallelism()} cores: wall-time p95 counts the ` +
        'time spent waiting for a core; [cpu …] is the CPU time of this process, all threads, per call)',
    );
    return { entries, seedSeconds, cases: results };
  } finally {
    await app?.close().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

function printCase(c: LogsBenchCase, log: (line: string) => void): void {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const goal = (f: Figures) =>
    c.goalMs === null ? '' : ` (goal ≤ ${c.goalMs} ms${f.p95 <= c.goalMs ? '' : ': MISSED'})`;
  const total = `${c.totalExact ? '' : '≥ '}${c.total.toLocaleString('en')}`;
  const cpu = (f: Figures) => `   [cpu p50 ${ms(f.cpuP50)}  p95 ${ms(f.cpuP95)}]`;
  log(`${c.label} — ${c.rows} rows, total ${total}`);
  log(
    `    route (app.inject)  p50 ${ms(c.route.p50)}  p95 ${ms(c.route.p95)}${goal(c.route)}${cpu(c.route)}`,
  );
  log(`    repository queries  p50 ${ms(c.repository.p50)}  p95 ${ms(c.repository.p95)}${cpu(c.repository)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const entries = process.env.ENTRIES ? Number(process.env.ENTRIES) : undefined;
  const iterations = process.env.ITERATIONS ? Number(process.env.ITERATIONS) : undefined;
  await runLogsBench({
    ...(entries ? { entries } : {}),
    ...(iterations ? { iterations } : {}),
  });
}
