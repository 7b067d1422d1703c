import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
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
 * embedded in the process (PGlite) with its files under DATA_DIR/pglite. Each driver is imported only
 * when used, which keeps start-up fast.
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
  await mkdir(dir, { recursive: true });
  const [{ PGlite }, { PGliteDialect }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('kysely-pglite-dialect'),
  ]);
  const pglite = await PGlite.create(dir);
  // PGlite has a single connection: the dialect serialises connections, so a repository must be given
  // the open transaction (never `db`) while one is running, or it waits for itself.
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  embeddedClients.set(db, pglite);
  return db;
}
