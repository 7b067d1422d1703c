import fp from 'fastify-plugin';
import { Histogram } from '../lib/prometheus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The HTTP instruments /metrics writes out (docs/deployment.md "Readiness and metrics"). */
    httpMetrics: {
      duration: Histogram;
      /** Bytes of video sources stored by uploads (chunks and whole files) received by this instance. */
      uploadBytes: { total: number };
    };
  }
}

/**
 * Counts every answered request and its duration by method, route pattern and status. The route
 * pattern (`/media/:accountId/:videoId/:token/*`), never the URL: a URL carries ids and tokens, would
 * make a series per video and would put secrets in the operator's metrics store. A request that
 * matched no route is counted under `unmatched`.
 */
export default fp(
  async (app) => {
    const duration = new Histogram(
      'palco_http_request_duration_seconds',
      'time from the request to its answer',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    );
    app.decorate('httpMetrics', { duration, uploadBytes: { total: 0 } });
    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      };
      duration.observe(labels, reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics' },
);
