import fp from 'fastify-plugin';
import { startUsageJob } from '../billing/usage-job.ts';

/** Usage metering's daily job (docs/billing.md). */
export default fp(
  async (app) => {
    await startUsageJob(app);
  },
  { name: 'billing', dependencies: ['db', 'jobs', 'media'] },
);
