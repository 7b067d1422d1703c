import { CompiledQuery, sql } from 'kysely';
import type { Db as BossDb } from 'pg-boss';
import { embeddedClientOf } from './database.ts';
import type { Db, Executor } from './schema.ts';

/** pg-boss runs its SQL through Kysely, so on PGlite it shares the one serialised connection. */
export function pgBossExecutor(db: Executor, embedded = embeddedClientOf(db as Db)): BossDb {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      if (embedded && values.length === 0) {
        // Several statements in one string (schema creation, maintenance): PGlite's exec, while
        // holding Kysely's connection so it cannot land inside another transaction (STACK.md 6, 7).
        return (db as Db).connection().execute(async () => {
          const results = await embedded.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        });
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
