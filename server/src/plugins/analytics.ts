import fp from 'fastify-plugin';
import { AnalyticsTicker } from '../analytics/ticker.ts';
import { AnalyticsWriter } from '../analytics/writer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    analytics: Analytics;
  }
}

export interface Analytics {
  /** Beacons in, batched writes out; `flush()` writes what is pending now. */
  writer: AnalyticsWriter;
  /** Viewer samples, pushed points and the raw events' retention. */
  ticker: AnalyticsTicker;
  /** What the enrichment databases' licences ask to show beside the figures. */
  attributions: { text: string; url: string }[];
}

/** Audience analytics (docs/analytics.md): the batched beacon writer and the sampling ticker. */
export default fp(
  async (app) => {
    const writer = new AnalyticsWriter(app.db, app.log, app.config.analytics.flushMs);
    const ticker = new AnalyticsTicker(app);
    app.decorate('analytics', { writer, ticker, attributions: [] } satisfies Analytics);
    app.addHook('onReady', async () => {
      writer.start();
      ticker.start();
    });
    // The pending beacons are written before the database closes.
    app.addHook('preClose', async () => {
      ticker.stop();
      await writer.stop();
    });
  },
  { name: 'analytics', dependencies: ['db', 'realtime', 'playback'] },
);
