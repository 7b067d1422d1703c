import type { FastifyInstance } from 'fastify';
import {
  countedLives,
  forgetQuietSessions,
  recordViewerCount,
  watchingNow,
} from '../db/repositories/viewers.ts';

/** Sessions silent this long leave viewer_sessions (their beacons stay in playback_events). */
const FORGET_AFTER_MS = 10 * 60_000;

/**
 * Every `viewerCountMs`: the current viewers of each live (sessions with a beacon younger than
 * `viewerTimeoutMs` and no final event), published as `espectadores` when it changed. The guarded
 * update in live_viewer_counts lets one instance publish each change, whichever instances count.
 */
export class ViewerCounter {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(private readonly app: FastifyInstance) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.app.config.viewers.viewerCountMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.count();
    } catch (error) {
      this.app.log.warn({ err: error }, 'viewer counts: tick failed');
    } finally {
      this.running = false;
    }
  }

  private async count(): Promise<void> {
    const { db, events, config } = this.app;
    await forgetQuietSessions(db, FORGET_AFTER_MS);
    const totals = new Map<string, { accountId: string; total: number }>();
    for (const live of await countedLives(db))
      totals.set(live.live_id, { accountId: live.account_id, total: 0 });
    for (const live of await watchingNow(db, config.viewers.viewerTimeoutMs))
      totals.set(live.live_id, { accountId: live.account_id, total: live.total });
    // The operator's gauge (docs/deployment.md "Readiness and metrics"): what every instance counts
    // from the shared sessions, so any instance's scrape tells the whole audience.
    this.app.metrics.viewers.set([...totals.values()].reduce((sum, { total }) => sum + total, 0));
    for (const [liveId, { accountId, total }] of totals) {
      if (await recordViewerCount(db, liveId, accountId, total))
        await events.publish(accountId, 'espectadores', { live_id: liveId, total });
    }
  }
}
