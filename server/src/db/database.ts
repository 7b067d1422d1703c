import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Kysely, PostgresDialect } from 'kysely';
import type { Config } from '../config.ts';
import type { Database, Db } from './schema.ts';

/** The minimal part of PGlite the job queue needs (multi-statement SQL without parameters). */
export interface EmbeddedClient {
  exec(sql: string): Promise<{ rows: unknown[] }[]>;
}

const embeddedClients = new WeakMap<Db, EmbeddedClient>();

/**
 * The PGlite instance behind `db`, or undefined on a PostgreSQL server. Only for SQL Kysely cannot
 * send (several statements in one string); call it while holding `db.connection()` so it cannot run
 * inside someone else's transaction (STACK.md workaround 6).
 */
export function embeddedClientOf(db: Db): EmbeddedClient | undefined {
  return embeddedClients.get(db);
}

/**
 * One SQL dialect, two engines: a PostgreSQL server when DATABASE_URL is set, otherwise PostgreSQL
 * embedded (PGlite, its files under DATA_DIR/pglite) in a child process of the server. Each driver is
 * imported only when used, which keeps start-up fast.
 */
export async function createDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection the server closes (restart, failover, an administrator) is an 'error' on the
    // pool: without a listener it would end the process. The pool drops that client and opens another
    // on the next query.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const dir = join(config.dataDir, 'pglite');
  await initEmbeddedDirectory(dir);
  const [engine, { PGliteDialect }] = await Promise.all([
    startEmbeddedEngine(dir),
    import('kysely-pglite-dialect'),
  ]);
  // PGlite has a single connection: the dialect serialises connections, so a repository must be given
  // the open transaction (never `db`) while one is running, or it waits for itself.
  const db = new Kysely<Database>({
    dialect: new PGliteDialect(engine as unknown as ConstructorParameters<typeof PGliteDialect>[0]),
  });
  embeddedClients.set(db, engine);
  return db;
}

/**
 * The embedded engine runs in a child process, so the server's own memory stays small and flat: PGlite
 * (PostgreSQL compiled to WebAssembly) needs some 170 MB of its own. The server sends it each query over
 * the IPC channel (structured clone: dates, bytes and bigints arrive as they left) and gets the rows
 * back. The engine ignores the terminal's Ctrl-C (the server stops it once its own work is closed) and
 * stops by itself when the server is gone (the channel closes, even after a kill -9).
 */
const ENGINE_SCRIPT = `
import { writeFileSync } from 'node:fs';
const [pgliteUrl, dir, params, pidFile] = process.argv.slice(1);
const { PGlite } = await import(pgliteUrl);
writeFileSync(pidFile, String(process.pid));
const db = await PGlite.create(dir, { startParams: JSON.parse(params) });
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await db.close().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => {});
process.on('SIGTERM', stop);
process.on('disconnect', stop);
let chain = Promise.resolve();
process.on('message', (m) => {
  chain = chain.then(async () => {
    try {
      const result = m.exec
        ? (await db.exec(m.sql)).map((r) => ({ rows: r.rows }))
        : await db.query(m.sql, m.params).then((r) => ({ rows: r.rows, affectedRows: r.affectedRows }));
      process.send?.({ id: m.id, result });
    } catch (e) {
      process.send?.({ id: m.id, error: { message: String(e?.message ?? e), code: e?.code, detail: e?.detail, constraint: e?.constraint, severity: e?.severity } });
    }
  });
});
process.send('ready');
`;

interface EngineReply {
  id: number;
  result?: unknown;
  error?: { message: string } & Record<string, unknown>;
}

/** What kysely-pglite-dialect and the job queue use of a PGlite instance, served by the engine. */
interface EngineClient extends EmbeddedClient {
  query(sql: string, params: unknown[]): Promise<{ rows: unknown[]; affectedRows?: number }>;
  close(): Promise<void>;
}

/** Whether `pid` is an engine serving `dir` still: alive, and (where /proc tells) started for `dir` —
 * after a reboot the number may belong to an unrelated process. */
async function engineRunning(pid: number, dir: string): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  return cmdline === null || cmdline.split('\0').includes(dir);
}

async function startEmbeddedEngine(dir: string): Promise<EngineClient> {
  // An engine left by a server that was killed closes the database when it notices; wait for it.
  const pidFile = `${dir}.pid`;
  const previous = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
  for (let waited = 0; previous > 0 && (await engineRunning(previous, dir)); waited += 50) {
    if (waited > 15_000) throw new Error(`${dir} is still open by process ${previous}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '--eval',
      ENGINE_SCRIPT,
      pglite,
      dir,
      JSON.stringify(PGLITE_START_PARAMS),
      pidFile,
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' },
  );
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let stopping = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.on('message', (message: EngineReply | 'ready') => {
    if (message === 'ready') return;
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    if (pending.size === 0) child.channel?.unref();
    if (message.error) call.reject(Object.assign(new Error(message.error.message), message.error));
    else call.resolve(message.result);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        reject(new Error(`the embedded database did not start (${signal ?? code})`)),
      );
      child.once('message', (message) => (message === 'ready' ? resolve() : undefined));
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  child.once('exit', (code, signal) => {
    for (const call of pending.values()) call.reject(new Error('the embedded database stopped'));
    pending.clear();
    if (!stopping) {
      // Nothing works without it, and a new start recovers: end the server (a supervisor restarts it).
      console.error(`the embedded database stopped unexpectedly (${signal ?? code}); exiting`);
      process.exit(1);
    }
  });
  // Only a query waiting for its answer keeps this process alive; a server that exits without closing
  // the database leaves the engine to stop on its own.
  child.channel?.unref();
  child.unref();
  const call = (message: { sql: string; params?: unknown[]; exec?: true }) =>
    new Promise<unknown>((resolve, reject) => {
      if (stopping) return reject(new Error('the embedded database is closed'));
      const id = nextId++;
      if (pending.size === 0) child.channel?.ref();
      pending.set(id, { resolve, reject });
      child.send({ id, ...message });
    });
  let closed: Promise<void> | undefined;
  return {
    query: (sql, params) => call({ sql, params }) as ReturnType<EngineClient['query']>,
    exec: (sql) => call({ sql, exec: true }) as ReturnType<EngineClient['exec']>,
    close() {
      closed ??= (async () => {
        stopping = true;
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        }
        await rm(pidFile, { force: true });
      })();
      return closed;
    },
  };
}

/** PGlite's own start parameters (single-user mode, no workers), plus a smaller buffer cache: 32 MB
 * instead of 128 MB keeps the server's memory low, and the operating system caches the files anyway
 * (the 1,000,000-entry log bench keeps its goal with it). */
const PGLITE_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'shared_buffers=32MB',
];

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * A new embedded database is created by a short-lived child process: PGlite's initdb touches about
 * 550 MB, which a process keeps for life. It is created beside `dir` and renamed into place, so a
 * start interrupted half-way leaves no half-made directory behind.
 */
async function initEmbeddedDirectory(dir: string): Promise<void> {
  if (await exists(join(dir, 'PG_VERSION'))) return;
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) {
    throw new Error(`${dir} is neither empty nor a PGlite database (no PG_VERSION): refusing to touch it`);
  }
  const fresh = `${dir}.init-${process.pid}`;
  await rm(fresh, { recursive: true, force: true });
  // The child imports PGlite from where this process resolves it (the server may run bundled).
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const script =
    'const { PGlite } = await import(process.argv[1]); const db = await PGlite.create(process.argv[2]); await db.close();';
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '--eval', script, pglite, fresh], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`creating the embedded database failed (${signal ?? code})`)),
    );
  });
  await rm(dir, { recursive: true, force: true });
  await rename(fresh, dir);
}
