import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PgBoss, type SendOptions } from 'pg-boss';
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
  send(queue: string, data: object, options?: SendOptions, trx?: Executor): Promise<string | null>;
  /** Work to do before the queue stops (e.g. cancel a running child process). */
  beforeStop(task: () => void | Promise<void>): void;
}

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
    };
    app.decorate('jobs', jobs);
    app.addHook('preClose', async () => {
      for (const task of stopping) await task();
      // Jobs still running after the wait are failed back to the queue (retried on the next start).
      await boss.stop({ graceful: true, timeout: 10_000, close: false });
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
