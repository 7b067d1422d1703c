import type { FastifyInstance } from 'fastify';
import { activityLogGrowth, analyzeActivityLogs } from '../../db/repositories/activity-log.ts';

const CHECK_EVERY_MS = 60_000;

/** autovacuum's analyze rule: more than 50 + 10 % of the rows counted at the last ANALYZE are new. */
export function needsAnalyze(
  growth: { lastId: number; estimatedRows: number },
  analyzedUpTo: number | null,
): boolean {
  return analyzedUpTo === null || growth.lastId - analyzedUpTo > 50 + 0.1 * growth.estimatedRows;
}

/**
 * Keeps the planner's statistics of activity_logs fresh on embedded PGlite, which has no autovacuum
 * (a PostgreSQL server's autovacuum does this by itself): ANALYZE at start, then whenever the table
 * has grown past `needsAnalyze`, checked every minute. The searches of GET /v1/logs depend on it (see
 * analyzeActivityLogs). Ids only grow, so the newest id tells how many rows came since.
 */
export function keepLogStatisticsFresh(app: FastifyInstance): void {
  if (app.config.databaseUrl) return;
  let analyzedUpTo: number | null = null;
  const check = async () => {
    const growth = await activityLogGrowth(app.db);
    if (!needsAnalyze(growth, analyzedUpTo)) return;
    await analyzeActivityLogs(app.db);
    analyzedUpTo = growth.lastId;
  };
  app.addHook('onReady', async () => {
    app.runInBackground('activity-log statistics', check);
  });
  const timer = setInterval(() => app.runInBackground('activity-log statistics', check), CHECK_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
