import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { isDatabaseUnreachable, ping } from '../db/database.ts';
import { isSingleProcess, pgBossExecutor } from '../db/job-queue.ts';
import type { Executor } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export interface Jobs {
  boss: PgBoss;
  /** True on embedded PGlite: this process is the only one using the database. */
  singleProcess: boolean;
  /**
   * Queues a job. With `trx` the job is inserted by that transaction, so it exists exactly when the
   * change that asked for it commits.
   */
  send(queue: string, data: object, options?: PgBoss.SendOptions, trx?: Executor): Promise<string | null>;
  /** Work to do before the queue stops (e.g. cancel a running child process). */
  beforeStop(task: () => void | Promise<void>): void;
  /**
   * Runs a job's handler; when it fails because the database is unreachable (PostgreSQL restarting),
   * waits for the database to answer again (up to DATABASE_WAIT_MS) before failing, so that the queue
   * can record the failure and retry the job. Failed while the database was down, the failure would
   * not be recorded and the job would stay active until its expiry (hours for a transcode): queued work
   * must run after a restart (docs/operations.md "Jobs across a PostgreSQL restart").
   */
  settle<T>(task: () => Promise<T>): Promise<T>;
}

/** How long a failed job waits for the database before giving up (pg-boss then expires it). */
const DATABASE_WAIT_MS = 120_000;

async function startBoss(app: FastifyInstance): Promise<PgBoss> {
  const boss = new PgBoss({
    db: pgBossExecutor(app.db),
    schema: 'pgboss',
    // Cron schedules are not used: one less poller on the embedded database.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 120,
  });
  boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}

/** The job queue (pg-boss) on the application's database: PGlite or PostgreSQL alike. */
export default fp(
  async (app) => {
    const boss = await startBoss(app);
    const stopping: (() => void | Promise<void>)[] = [];
    const jobs: Jobs = {
      boss,
      singleProcess: isSingleProcess(app.db),
      send(queue, data, options = {}, trx) {
        return boss.send(queue, data, trx ? { ...options, db: pgBossExecutor(trx, undefined) } : options);
      },
      beforeStop(task) {
        stopping.push(task);
      },
      async settle(task) {
        try {
          return await task();
        } catch (error) {
          if (isDatabaseUnreachable(error)) {
            const end = Date.now() + DATABASE_WAIT_MS;
            while (
              Date.now() < end &&
              !(await ping(app.db).then(
                () => true,
                () => false,
              ))
            )
              await new Promise((resolve) => setTimeout(resolve, 1000));
          }
          throw error;
        }
      },
    };
    app.decorate('jobs', jobs);
    app.addHook('preClose', async () => {
      for (const task of stopping) await task();
      // Jobs still running after the wait are failed back to the queue (retried on the next start).
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
