import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The instruments /metrics writes out (docs/deployment.md "Readiness and metrics"). */
export interface Metrics {
  /** This instance's own registry: tests build several apps in one process, so never the global one. */
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route' | 'status'>;
  /** Bytes of video sources stored by uploads (chunks and whole files) received by this instance. */
  uploadBytes: Counter;
  /** Read when scraped: set by the /metrics handler from the live state of the instance. */
  liveIngests: Gauge;
  webrtcViewers: Gauge;
  viewers: Gauge;
  websocketClients: Gauge;
  databaseUp: Gauge;
  jobQueueDepth: Gauge<'queue' | 'state'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * prom-client's instruments on a registry of this app. Every answered request is counted with its
 * duration by method, route pattern and status. The route pattern (`/media/:accountId/:videoId/:token/*`),
 * never the URL: a URL carries ids and tokens, would make a series per video and would put secrets in
 * the operator's metrics store. A request that matched no route is counted under `unmatched`.
 */
export default fp(
  async (app) => {
    const registry = new Registry();
    const registers = [registry];
    const labelNames = ['method', 'route', 'status'] as const;
    const metrics: Metrics = {
      registry,
      requests: new Counter({
        name: 'palco_http_requests_total',
        help: 'HTTP requests answered',
        labelNames,
        registers,
      }),
      duration: new Histogram({
        name: 'palco_http_request_duration_seconds',
        help: 'time from the request to its answer',
        labelNames,
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        registers,
      }),
      uploadBytes: new Counter({
        name: 'palco_upload_bytes_total',
        help: 'bytes of video sources stored by uploads this instance received',
        registers,
      }),
      liveIngests: new Gauge({
        name: 'palco_live_ingests',
        help: 'signals publishing to this instance (RTMP and WHIP)',
        registers,
      }),
      webrtcViewers: new Gauge({
        name: 'palco_webrtc_viewers',
        help: 'WHEP viewers on this instance',
        registers,
      }),
      viewers: new Gauge({
        name: 'palco_viewers',
        help: 'viewers watching a live now (HLS and WHEP, every instance together), as last counted',
        registers,
      }),
      websocketClients: new Gauge({
        name: 'palco_websocket_clients',
        help: 'account websockets open on this instance',
        registers,
      }),
      databaseUp: new Gauge({
        name: 'palco_database_up',
        help: '1 when the job queue could be read for this scrape',
        registers,
      }),
      jobQueueDepth: new Gauge({
        name: 'palco_job_queue_depth',
        help: 'jobs waiting (created, retry) or running (active), every instance together',
        labelNames: ['queue', 'state'] as const,
        registers,
      }),
    };
    app.decorate('metrics', metrics);
    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      };
      metrics.requests.inc(labels);
      metrics.duration.observe(labels, reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics' },
);
