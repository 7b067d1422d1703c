import fp from 'fastify-plugin';
import { DELIVERED_FLUSH_MS, DeliveredMeter } from '../billing/delivered-meter.ts';
import { startUsageJob } from '../billing/usage-job.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivered minutes of the segments served, summed and written every 10 s (docs/billing.md). */
    deliveredMeter: DeliveredMeter;
  }
}

/** Usage metering's daily job and the delivered-minutes meter (docs/billing.md). */
export default fp(
  async (app) => {
    const meter = new DeliveredMeter(app.db, DELIVERED_FLUSH_MS, (error) =>
      app.log.error({ err: error }, 'usage: delivered minutes not written (kept for the next flush)'),
    );
    app.decorate('deliveredMeter', meter);
    // preClose runs before the database closes: what was summed is written, not lost on a restart.
    app.addHook('preClose', async () => {
      meter.stop();
      await meter
        .flush()
        .catch((error: unknown) => app.log.error({ err: error }, 'usage: final flush failed'));
    });
    await startUsageJob(app);
  },
  { name: 'billing', dependencies: ['db', 'jobs', 'media'] },
);
