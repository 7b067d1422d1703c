import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PgBoss, type SendOptions } from 'pg-boss';
import { isDatabaseUnreachable, ping } from '../db/database.ts';
import {
  dropOldJobSchema,
  isSingleProcess,
  oldJobsToCarry,
  pgBossExecutor,
  setAsideOldJobSchema,
} from '../db/job-queue.ts';
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
  /**
   * Runs a job's handler; when it fails because the database is unreachable (PostgreSQL restarting),
   * waits for the database to answer again (up to DATABASE_WAIT_MS) before failing, so that the queue
   * can record the failure and retry the job. Failed while the database was down, the failure would
   * not be recorded and the job would stay active until its expiry (hours for a transcode): queued work
   * must run after a restart (docs/operations.md "Jobs across a PostgreSQL restart").
   */
  settle<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Runs a database write that records what a job already did outside (a webhook sent): when the
   * database is unreachable, waits for it to answer again (up to DATABASE_WAIT_MS) and writes once
   * more. Failing instead, the job would be retried and the outside effect done twice (a receiver
   * getting a delivery twice: docs/operations.md "Webhooks across a PostgreSQL restart").
   */
  persist<T>(write: () => Promise<T>): Promise<T>;
}

/** How long a failed job waits for the database before giving up (pg-boss then expires it). */
const DATABASE_WAIT_MS = 120_000;

async function startBoss(app: FastifyInstance): Promise<PgBoss> {
  await setAsideOldJobSchema(app.db);
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
  await carryOverOldJobs(app, boss);
  return boss;
}

/**
 * The jobs a server on pg-boss 10 left waiting (transcodes, webhook deliveries, the daily usage run…)
 * are queued again on pg-boss 12 with their id, data, retry settings and start time; their attempt count
 * starts again. Each queue keeps the options it was created with. Copying twice (a start interrupted
 * half-way) is harmless: a job id already there is skipped (docs/decisions.md "Database stack upgraded").
 */
async function carryOverOldJobs(app: FastifyInstance, boss: PgBoss): Promise<void> {
  const old = await oldJobsToCarry(app.db);
  if (!old) return;
  for (const queue of old.queues) {
    if (await boss.getQueue(queue.name)) continue;
    await boss.createQueue(queue.name, {
      policy: queue.policy ?? 'standard',
      ...(queue.retryLimit !== null && { retryLimit: queue.retryLimit }),
      ...(queue.retryDelay !== null && { retryDelay: queue.retryDelay }),
      ...(queue.retryBackoff !== null && { retryBackoff: queue.retryBackoff }),
      ...(queue.expireInSeconds !== null && { expireInSeconds: queue.expireInSeconds }),
    });
  }
  for (const job of old.jobs) {
    const { name, singletonKey, data, ...rest } = job;
    // One at a time: a stately queue's job that clashes with one already queued is left out, not
    // the whole batch.
    const carried = {
      ...rest,
      ...(data !== null && { data }),
      ...(singletonKey !== null && { singletonKey }),
    };
    await boss.insert(name, [carried]).catch((error) => {
      app.log.warn({ err: error, queue: name, job: job.id }, 'job of pg-boss 10 not carried over');
    });
  }
  app.log.info({ jobs: old.jobs.length }, 'job queue upgraded from pg-boss 10');
  await dropOldJobSchema(app.db);
}

/** The job queue (pg-boss) on the application's database: PGlite or PostgreSQL alike. */
export default fp(
  async (app) => {
    const boss = await startBoss(app);
    const stopping: (() => void | Promise<void>)[] = [];
    /** Waits until the database answers again, at most DATABASE_WAIT_MS. */
    const databaseBack = async () => {
      const end = Date.now() + DATABASE_WAIT_MS;
      while (
        Date.now() < end &&
        !(await ping(app.db).then(
          () => true,
          () => false,
        ))
      )
        await new Promise((resolve) => setTimeout(resolve, 1000));
    };
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
          if (isDatabaseUnreachable(error)) await databaseBack();
          throw error;
        }
      },
      async persist(write) {
        try {
          return await write();
        } catch (error) {
          if (!isDatabaseUnreachable(error)) throw error;
          await databaseBack();
          return await write();
        }
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
