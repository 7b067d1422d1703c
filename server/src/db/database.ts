import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Database, Db } from './schema.ts';
import { forgetOnWrite } from './shared-read.ts';

/** The minimal part of PGlite the job queue needs (multi-statement SQL without parameters). */
export interface EmbeddedClient {
  exec(sql: string): Promise<{ rows: unknown[] }[]>;
  /** LISTEN in the process: PGlite calls `callback` (in a microtask) as it reads the answer of the
   * statement whose commit notified, so before that statement's caller resumes. */
  listen(channel: string, callback: (payload: string) => void): Promise<unknown>;
}

const embeddedClients = new WeakMap<Db, EmbeddedClient>();
/** The embedded databases this process created in an empty folder, with their engine: the ones a
 * template may be taken from (docs/server.md "A new embedded database from a template"). */
const newEmbedded = new WeakMap<Db, { dumpDataDir(compression: 'gzip'): Promise<Blob> }>();

/** The part of a PostgreSQL pool the job queue needs: a simple query of several statements answers
 * one result per statement. */
export interface ServerPool {
  query(sql: string): Promise<{ rows?: unknown[] } | { rows?: unknown[] }[]>;
}
const serverPools = new WeakMap<Db, ServerPool>();

/** The PostgreSQL pool behind `db` (undefined on PGlite or for a transaction): for the job queue's
 * multi-statement SQL, whose every statement's rows pg-boss reads (Kysely returns none of them). */
export function serverPoolOf(db: Db): ServerPool | undefined {
  return serverPools.get(db);
}

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
 * embedded in the process (PGlite) with its files under DATA_DIR/pglite. Each driver is imported only
 * when used, which keeps start-up fast.
 */
export async function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: { template?: string | null } = {},
): Promise<Db> {
  if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection the server closes (restart, failover, an administrator) is an 'error' on the
    // pool: without a listener it would end the process. The pool drops that client and opens another
    // on the next query.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    // A connection checked out of the pool (a transaction between two queries, a job queue's fetch) is
    // no longer the pool's: its 'error' when PostgreSQL goes away (a restart) would end the process,
    // every instance at once (docs/operations.md "Jobs across a PostgreSQL restart"). The query that
    // uses it fails on its own; the pool discards the client when it is released.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        process.emitWarning(`PostgreSQL closed a connection in use: ${error.message}`);
      });
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [forgetOnWrite] });
    serverPools.set(db, pool as unknown as ServerPool);
    return db;
  }
  const dir = join(config.dataDir, 'pglite');
  const fresh = await needsEmbeddedDirectory(dir);
  const copy = fresh && options.template ? await readTemplate(options.template) : null;
  if (fresh && !copy) await initEmbeddedDirectory(dir);
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create(dir, {
    startParams: [...PGlite.defaultStartParams, ...SMALL_BUFFER_CACHE],
    ...(copy ? { loadDataDir: copy } : {}),
  });
  // PGlite has a single connection: Kysely's own PGlite dialect serialises connections, so a
  // repository must be given the open transaction (never `db`) while one is running, or it waits for
  // itself.
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins: [forgetOnWrite] });
  embeddedClients.set(db, pglite);
  if (fresh && !copy) newEmbedded.set(db, pglite);
  return db;
}

/** The template's tarball, or null when there is none yet (or it cannot be read: then the database is
 * made as without a template). */
async function readTemplate(file: string): Promise<Blob | null> {
  try {
    return new Blob([await readFile(file)]);
  } catch {
    return null;
  }
}

/**
 * Keeps `db`, an embedded database this process made in an empty folder and has just migrated, as the
 * template `file` (a gzip tarball of its folder, PGlite's own dump), unless there is one already. Written
 * beside and renamed into place: processes that start together (parallel test files) each write their
 * own and the last rename wins, and a reader never sees half a file. Does nothing on PostgreSQL.
 */
export async function saveEmbeddedTemplate(db: Db, file: string): Promise<void> {
  const pglite = newEmbedded.get(db);
  if (!pglite || (await exists(file))) return;
  const tarball = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, tarball);
  await rename(partial, file);
}

/** Error codes of a PostgreSQL server that cannot be reached or is going away: the socket's
 * (refused, reset, timed out) and PostgreSQL's connection classes (08…, 57P01–57P03 shutdown). */
const UNREACHABLE = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|08[0-9A-Z]{3}|57P0[123])$/;

/**
 * Whether `error` (or what caused it) says the database is down or restarting rather than that a query
 * was wrong: the request is answered 503 "try again", not 500 (docs/deployment.md "Faults").
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNREACHABLE.test(code)) return true;
    if (typeof message === 'string' && /^Connection terminated|connection timeout/i.test(message))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnreachable);
  return false;
}

/** One trivial query: the database answers (the health check). */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Beside PGlite's own start parameters (single-user mode, no workers), a smaller buffer cache: 16 MB
 * instead of 128 MB keeps the server's memory low (the buffers live in the server process), and the
 * operating system caches the files anyway. The 1,000,000-entry log bench keeps its 20 ms goal with
 * it; at 8 MB it does not (docs/server.md). */
const SMALL_BUFFER_CACHE = ['-c', 'shared_buffers=16MB'];

/** The PostgreSQL major of the embedded engine (@electric-sql/pglite 0.5 is PostgreSQL 18), as initdb
 * writes it in PG_VERSION. */
export const EMBEDDED_MAJOR = '18';

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Whether `dir` has to be made: true when it does not exist or is empty; false when it holds a database
 * of this engine's major. Anything else is refused untouched: a folder that is not a database, or one an
 * older PGlite made.
 */
async function needsEmbeddedDirectory(dir: string): Promise<boolean> {
  if (await exists(join(dir, 'PG_VERSION'))) {
    const major = (await readFile(join(dir, 'PG_VERSION'), 'utf8')).trim();
    if (major !== EMBEDDED_MAJOR) {
      // PGlite cannot open another major's files (it stops with a WebAssembly "unreachable"): say what
      // to do instead (docs/decisions.md "Database stack upgraded").
      throw new Error(
        `${dir} holds a PostgreSQL ${major} database (made by an older PGlite), and this server's PGlite runs ` +
          `PostgreSQL ${EMBEDDED_MAJOR}: dump it with the previous release, move the folder away and restore ` +
          'the dump into a new one (docs/decisions.md "Database stack upgraded")',
      );
    }
    return false;
  }
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) {
    throw new Error(`${dir} is neither empty nor a PGlite database (no PG_VERSION): refusing to touch it`);
  }
  return true;
}

/**
 * A new embedded database is created by a short-lived child process: PGlite's initdb touches about
 * 550 MB, which a process keeps for life. It is created beside `dir` and renamed into place, so a
 * start interrupted half-way leaves no half-made directory behind.
 */
async function initEmbeddedDirectory(dir: string): Promise<void> {
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
