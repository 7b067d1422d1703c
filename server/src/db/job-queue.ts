import { CompiledQuery, sql } from 'kysely';
import type { Db as BossDb } from 'pg-boss';
import { embeddedClientOf, serverPoolOf } from './database.ts';
import type { Db, Executor } from './schema.ts';

/** pg-boss runs its SQL through Kysely, so on PGlite it shares the one serialised connection. */
export function pgBossExecutor(db: Executor, embedded = embeddedClientOf(db as Db)): BossDb {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      // Several statements in one string (schema creation, maintenance, the index builder's claim):
      // pg-boss 12 reads the rows of every statement (an advisory lock's row, then the claim's), as
      // node-postgres answers them, so they are all returned, in order. Kysely would return none.
      if (embedded && values.length === 0) {
        // PGlite's exec, while holding Kysely's connection so it cannot land inside another
        // transaction (STACK.md 6, 7).
        return (db as Db).connection().execute(async () => {
          const results = await embedded.exec(text);
          return { rows: results.flatMap((result) => result.rows) };
        });
      }
      const pool = values.length === 0 ? serverPoolOf(db as Db) : undefined;
      if (pool) {
        const answer = await pool.query(text);
        const results = Array.isArray(answer) ? answer : [answer];
        return { rows: results.flatMap((result) => result.rows ?? []) };
      }
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}

/** Whether this process is the only user of the database (embedded PGlite). */
export function isSingleProcess(db: Db): boolean {
  return embeddedClientOf(db) !== undefined;
}

/** The ids of a queue's jobs pg-boss holds as active (on one process: left by a killed one). */
export async function activeJobIds(db: Executor, queue: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM pgboss.job WHERE name = ${queue} AND state = 'active'`.execute(db);
  return rows.map((r) => r.id);
}

/** Jobs waiting (`created`, `retry`) or running (`active`) per queue, every instance together: the
 * operator's queue depth (/metrics). Also /readyz's proof that pg-boss's tables answer. */
export async function jobQueueDepth(db: Executor): Promise<{ queue: string; state: string; jobs: number }[]> {
  const { rows } = await sql<{ name: string; state: string; n: string }>`
    SELECT name, state::text AS state, count(*)::text AS n FROM pgboss.job
    WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`.execute(db);
  return rows.map((row) => ({ queue: row.name, state: row.state, jobs: Number(row.n) }));
}

/** Where the job schema of pg-boss 10 is set aside while its waiting jobs move to pg-boss 12's. */
const OLD_JOB_SCHEMA = 'pgboss_v10';
/** The schema version pg-boss 10 wrote; pg-boss 12 migrates only from 25 (pg-boss 11) on. */
const PG_BOSS_10_SCHEMA = 24;

/**
 * pg-boss 12 cannot migrate the schema pg-boss 10 made (it refuses to start: "Cannot migrate pg-boss
 * schema from version 24"), and its authors' advice is to move the jobs over. So a database made by a
 * server on pg-boss 10 has that schema renamed before pg-boss starts, which then creates its own; the
 * jobs still waiting are copied by `oldJobsToCarry` and the old schema dropped (docs/decisions.md
 * "Database stack upgraded"). Under an advisory lock so two instances starting at once rename it once.
 */
export async function setAsideOldJobSchema(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('palco.pgboss-schema-upgrade'))`.execute(trx);
    const { rows } = await sql<{ present: boolean }>`
      SELECT to_regclass('pgboss.version') IS NOT NULL AS present`.execute(trx);
    if (!rows[0]?.present) return;
    const version = await sql<{ version: number }>`SELECT version FROM pgboss.version`.execute(trx);
    if (version.rows[0]?.version !== PG_BOSS_10_SCHEMA) return;
    await sql`ALTER SCHEMA pgboss RENAME TO ${sql.id(OLD_JOB_SCHEMA)}`.execute(trx);
  });
}

export interface OldQueue {
  name: string;
  policy: string | null;
  retryLimit: number | null;
  retryDelay: number | null;
  retryBackoff: boolean | null;
  expireInSeconds: number | null;
}

export interface OldJob {
  id: string;
  name: string;
  priority: number;
  data: object | null;
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  startAfter: Date;
  singletonKey: string | null;
  expireInSeconds: number;
}

/** The queues and the jobs not yet done (waiting, to retry, or left running by the stopped server) of a
 * pg-boss 10 schema set aside by `setAsideOldJobSchema`; undefined when there is none. */
export async function oldJobsToCarry(db: Db): Promise<{ queues: OldQueue[]; jobs: OldJob[] } | undefined> {
  const { rows } = await sql<{ present: boolean }>`
    SELECT to_regclass(${`${OLD_JOB_SCHEMA}.job`}) IS NOT NULL AS present`.execute(db);
  if (!rows[0]?.present) return undefined;
  const queues = await sql<OldQueue>`
    SELECT name, policy, retry_limit AS "retryLimit", retry_delay AS "retryDelay",
      retry_backoff AS "retryBackoff", expire_seconds AS "expireInSeconds"
    FROM ${sql.id(OLD_JOB_SCHEMA, 'queue')} ORDER BY name`.execute(db);
  const jobs = await sql<OldJob>`
    SELECT id::text AS id, name, priority, data, retry_limit AS "retryLimit", retry_delay AS "retryDelay",
      retry_backoff AS "retryBackoff", start_after AS "startAfter", singleton_key AS "singletonKey",
      extract(epoch FROM expire_in)::int AS "expireInSeconds"
    FROM ${sql.id(OLD_JOB_SCHEMA, 'job')} WHERE state IN ('created', 'retry', 'active')
    ORDER BY created_on`.execute(db);
  return { queues: queues.rows, jobs: jobs.rows };
}

/** Once its jobs are carried over, the pg-boss 10 schema goes (with its history of finished jobs). */
export async function dropOldJobSchema(db: Db): Promise<void> {
  await sql`DROP SCHEMA IF EXISTS ${sql.id(OLD_JOB_SCHEMA)} CASCADE`.execute(db);
}
