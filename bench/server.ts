// The API server the benches measure, started the way `npm start` runs it (bench/server-bundle.ts) on a
// free port and a throwaway DATA_DIR, what its process tree uses, and a live on the air: shared by the benches.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { serverCommand } from './server-bundle.ts';

const ROOT = new URL('..', import.meta.url).pathname;

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface BenchServer {
  base: string;
  /** The server process (bin/serve execs node: its CPU and memory are the server's). */
  pid: number;
  /** The server's DATA_DIR (removed by `stop` unless it was given). */
  dataDir: string;
  /** Ends the server (waits for its exit) and removes its DATA_DIR (unless it was given). */
  stop(): Promise<void>;
}

/** Starts the bundled server with `env` on top of the defaults; resolves once /healthz answers. A
 * `dataDir` given is the caller's (kept on stop: a second server may start on it). */
export async function startBenchServer(
  env: Record<string, string> = {},
  { startupMs = 120_000, dataDir: given }: { startupMs?: number; dataDir?: string } = {},
): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = given ?? mkdtempSync(join(tmpdir(), 'palco-bench-'));
  const logTo = env.BENCH_SERVER_LOG ?? process.env.BENCH_SERVER_LOG;
  const child: ChildProcess = spawn(serverCommand(), [], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      INGEST_PORT: 'off',
      ...env,
    },
    // BENCH_SERVER_LOG=<file> keeps the server's log (its stdout) there, to read after a run.
    stdio: ['ignore', logTo ? openSync(logTo, 'a') : 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    if (!given) rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + startupMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, pid: child.pid ?? 0, dataDir, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`the API server did not start within ${startupMs / 1000} s`);
}

/** Signs owner@palco.test in through the API and chooses the team (Demo Produções); returns the
 * token and the team's id. */
export async function ownerSession(base: string): Promise<{ token: string; accountId: string }> {
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'owner@palco.test', password: 'palco123' }),
  });
  const { Token } = (await login.json()) as { Token: string };
  const headers = { Authorization: `Bearer ${Token}`, 'content-type': 'application/json' };
  const me = (await (await fetch(`${base}/bff/me`, { headers })).json()) as {
    contasCargos: Array<{ conta_id: string; conta_nome: string }>;
  };
  const team = me.contasCargos.find((c) => c.conta_nome === 'Demo Produções') ?? me.contasCargos[0]!;
  await fetch(`${base}/bff/me/selected-team`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ accountId: team.conta_id }),
  });
  return { token: Token, accountId: team.conta_id };
}

/** A scratch database named `prefix_<random>` on the PostgreSQL server `adminUrl` names, dropped
 * afterwards (the benches that compare PGlite and PostgreSQL each run on a fresh one). */
export async function withScratchDatabase<T>(
  prefix: string,
  adminUrl: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  }
}

/** The pids of `pid` and every process below it (the server's own workers and children). */
function tree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const all: number[] = [];
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop()!;
    all.push(p);
    for (const c of children.get(p) ?? []) stack.push(c);
  }
  return all;
}

/** RSS in MB summed over the server's process tree. */
export function treeRss(pid: number): number {
  let kb = 0;
  for (const p of tree(pid)) {
    try {
      kb += Number(readFileSync(`/proc/${p}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

/** CPU seconds (user + system) used so far by the server's process tree: on a shared box the
 * CPU a request costs moves far less than the requests per second do. */
export function treeCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const p of tree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}

/** A live on air: started through the API, its viewer master playlist where the packager writes it
 * (as server/test/analytics.test.ts does: no encoder is needed to count viewers). */
export async function liveOnAir(
  base: string,
  token: string,
  accountId: string,
  dataDir: string,
  name: string,
) {
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}?accountId=${accountId}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const live = await api('POST', '/v1/live-streams', {
    nome: name,
    scheduledStartTime: new Date(Date.now() + 3_600_000).toISOString(),
  });
  const id = String(live.id);
  await api('PUT', `/v1/live-streams/${id}/control/start`);
  const dir = join(dataDir, 'live', accountId, id, 'viewer');
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'master.m3u8'),
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720\n720p/index.m3u8\n',
  );
  return id;
}
