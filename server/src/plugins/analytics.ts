import fp from 'fastify-plugin';
import { AnalyticsTicker } from '../analytics/ticker.ts';
import { AnalyticsWriter } from '../analytics/writer.ts';
import { type Attribution, ViewerGeo } from '../services/viewer-geo.ts';

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
  /** State, city and network provider of an address (docs/analytics.md "Enrichment"). */
  geo: ViewerGeo;
  /** What the enrichment databases' licences ask to show beside the figures. */
  attributions: readonly Attribution[];
}

/** Audience analytics (docs/analytics.md): the batched beacon writer and the sampling ticker. */
export default fp(
  async (app) => {
    const writer = new AnalyticsWriter(app.db, app.log, app.config.analytics.flushMs);
    const ticker = new AnalyticsTicker(app);
    const geo = new ViewerGeo({
      cityDbPaths: app.config.geoipCityDbPaths,
      asnDbDir: app.config.asnDbDir,
      countryFallback: app.playback.geo,
      log: app.log,
      // Read at the first view (about 2 s, which that view's beacons wait for once): a server nobody
      // watches never holds the tables.
      lazy: true,
    });
    await geo.open();
    app.decorate('analytics', { writer, ticker, geo, attributions: geo.attributions } satisfies Analytics);
    app.addHook('onReady', async () => {
      writer.start();
      ticker.start();
    });
    // The pending beacons are written before the database closes.
    app.addHook('preClose', async () => {
      ticker.stop();
      await writer.stop();
      geo.close();
    });
  },
  { name: 'analytics', dependencies: ['db', 'realtime', 'playback'] },
);
