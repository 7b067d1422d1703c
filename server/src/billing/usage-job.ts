import type { FastifyInstance } from 'fastify';
import { listAccountIds } from '../db/repositories/accounts.ts';
import { listVideoIds } from '../db/repositories/videos.ts';
import { rebuildDay, recordStorageSample, utcDay } from './metering.ts';

export const USAGE_QUEUE = 'usage-daily';

const DAY_MS = 86_400_000;
/** Past midnight UTC: the day being closed has had its last writes. */
const RUN_AFTER_MIDNIGHT_MS = 10 * 60_000;

/** What one team holds now: its media (renditions, thumbnails, images, subtitles) and upload sources. */
export async function bytesHeld(app: FastifyInstance, accountId: string): Promise<number> {
  const { storage, uploads } = app.media;
  const [media, streams] = await Promise.all([
    storage.usedBytes(accountId),
    storage.usedBytes(`streams/${accountId}`),
  ]);
  const videos = await listVideoIds(app.db, accountId);
  let sources = 0;
  for (const id of videos) {
    sources += await uploads.store.heldBytes(id);
  }
  return media + streams + sources;
}

/**
 * The daily run: samples what every team holds (today's storage record) and rebuilds yesterday and
 * today from the raw records. Idempotent, so a run repeated by a retry or by hand changes nothing.
 */
export async function runDailyUsage(app: FastifyInstance, now = new Date()): Promise<void> {
  const today = utcDay(now);
  const yesterday = utcDay(new Date(now.getTime() - DAY_MS));
  const accounts = await listAccountIds(app.db);
  for (const id of accounts) await recordStorageSample(app.db, id, await bytesHeld(app, id), today);
  await rebuildDay(app.db, yesterday);
  await rebuildDay(app.db, today);
}

function nextRun(now: Date): Date {
  const midnight = Date.parse(`${utcDay(now)}T00:00:00Z`) + DAY_MS;
  return new Date(midnight + RUN_AFTER_MIDNIGHT_MS);
}

/**
 * pg-boss runs the daily job (its cron is off in this app: plugins/jobs.ts). The queue is `stately`,
 * so however many instances start, one run waits in the queue; each run queues the next one.
 */
export async function startUsageJob(app: FastifyInstance): Promise<void> {
  const { boss } = app.jobs;
  await boss.createQueue(USAGE_QUEUE, {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 60,
  });
  const schedule = () => boss.send(USAGE_QUEUE, {}, { startAfter: nextRun(new Date()) });
  await boss.work(USAGE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 30 }, async () => {
    await runDailyUsage(app);
    // Queued once this one is done: a stately queue keeps one queued job and one active.
    app.runInBackground('usage: schedule next run', async () => {
      await schedule();
    });
  });
  await schedule();
}
