import type { FastifyInstance } from 'fastify';
import {
  bucketRows,
  claimPush,
  currentViewersByDimension,
  deleteEventsBefore,
  livesUpdatedSince,
  writeViewerGauge,
} from '../db/repositories/analytics.ts';
import { BUCKET_MS, UNKNOWN } from './deltas.ts';
import { pushedPoint } from './series.ts';

const RETENTION_EVERY_MS = 3600_000;

/** `analytics_pushes`' row that elects the instance running a tick: the nil UUID, which no live has. */
export const TICK_CLAIM = '00000000-0000-0000-0000-000000000000';

/**
 * Every `tickMs` (docs/analytics.md "Pipeline"): samples each live's concurrent viewers into the
 * current bucket (total and per breakdown), then pushes the bucket of every live that changed to its
 * account's consoles as an `analytics` event. One instance runs each tick, elected by a guarded update:
 * the count reads every current viewer's session (~50 ms of PostgreSQL at 60,000 viewers), and each
 * instance counting the same rows on its own clock multiplied that by the instances (docs/analytics.md
 * "Pipeline"). The first tick of a new bucket also pushes the previous one as it ended. Hourly, raw
 * events past the retention leave.
 */
export class AnalyticsTicker {
  private timer: NodeJS.Timeout | null = null;
  private retention: NodeJS.Timeout | null = null;
  private busy = false;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly app: FastifyInstance) {}

  start(): void {
    this.timer = setInterval(() => {
      if (!this.busy) void this.tick({ elected: true });
    }, this.app.config.analytics.tickMs);
    this.timer.unref();
    this.retention = setInterval(() => void this.forget(), RETENTION_EVERY_MS);
    this.retention.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.retention) clearInterval(this.retention);
  }

  async forget(): Promise<number> {
    const days = this.app.config.analytics.retentionDays;
    try {
      return await deleteEventsBefore(this.app.db, new Date(Date.now() - days * 86_400_000));
    } catch (error) {
      this.app.log.warn({ err: error }, 'analytics: retention sweep failed');
      return 0;
    }
  }

  /** One tick, after the one under way (ticks never overlap). `elected`: only when no instance has
   * run one in the last three quarters of a tick (the timer's ticks; a direct call always runs). */
  tick({ elected = false }: { elected?: boolean } = {}): Promise<void> {
    this.chain = this.chain.then(async () => {
      this.busy = true;
      try {
        if (elected && !(await claimPush(this.app.db, TICK_CLAIM, this.app.config.analytics.tickMs * 0.75)))
          return;
        await this.sampleAndPush();
      } catch (error) {
        this.app.log.warn({ err: error }, 'analytics: tick failed');
      } finally {
        this.busy = false;
      }
    });
    return this.chain;
  }

  private async sampleAndPush(): Promise<void> {
    const { app } = this;
    const { tickMs } = app.config.analytics;
    const now = Date.now();
    const t = Math.floor(now / BUCKET_MS) * BUCKET_MS;

    const counted = await currentViewersByDimension(app.db, app.config.viewers.viewerTimeoutMs);
    const gauge = new Map<
      string,
      { subject_id: string; account_id: string; dim: string; value: string; viewers: number }
    >();
    const add = (liveId: string, accountId: string, dim: string, value: string, n: number) => {
      const key = `${liveId}|${dim}|${value}`;
      const held = gauge.get(key);
      if (held) held.viewers += n;
      else gauge.set(key, { subject_id: liveId, account_id: accountId, dim, value, viewers: n });
    };
    for (const r of counted) {
      add(r.live_id, r.account_id, 'total', 'total', r.n);
      // A viewer whose view row is not written yet is not known in any breakdown yet: counted there
      // from the next tick, never as 'desconhecido', which means the enrichment could not tell
      // (docs/analytics.md "Breakdowns add up").
      if (r.n === 0 || r.unwritten) continue;
      add(r.live_id, r.account_id, 'os', r.os ?? UNKNOWN, r.n);
      add(r.live_id, r.account_id, 'state', r.state ?? UNKNOWN, r.n);
      add(r.live_id, r.account_id, 'provider', r.provider ?? UNKNOWN, r.n);
      add(r.live_id, r.account_id, 'cdn', r.cdn ?? UNKNOWN, r.n);
    }
    await app.db.transaction().execute((trx) => writeViewerGauge(trx, new Date(t), [...gauge.values()]));

    const lives = new Map<string, string>();
    for (const g of gauge.values()) lives.set(g.subject_id, g.account_id);
    for (const l of await livesUpdatedSince(app.db, new Date(now - 2 * tickMs)))
      lives.set(l.subject_id, l.account_id);

    for (const [liveId, accountId] of lives) {
      if (!(await claimPush(app.db, liveId, tickMs / 2))) continue;
      const rows = await bucketRows(app.db, liveId, new Date(t - BUCKET_MS), new Date(t));
      // The first tick of a bucket also sends the previous one as it ended (its late beacons in).
      if (now - t < tickMs && rows.some((r) => new Date(r.t).getTime() === t - BUCKET_MS))
        await app.events.publish(accountId, 'analytics', {
          live_id: liveId,
          ...pushedPoint(t - BUCKET_MS, rows),
          t: t - BUCKET_MS,
        });
      await app.events.publish(accountId, 'analytics', { live_id: liveId, ...pushedPoint(t, rows), t });
    }
  }
}
