import { timingSafeEqual } from 'node:crypto';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ping } from '../../db/database.ts';
import { jobQueueDepth } from '../../db/job-queue.ts';
import { isMigrated } from '../../db/migrator.ts';
import { errors } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';

/** A check that fails when it does not settle in `ms`: a stopped database must not hang /readyz. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const CHECKS = ['database', 'migrations', 'storage', 'jobs'] as const;
type Check = (typeof CHECKS)[number];

/** What /readyz asks, each on its own (docs/deployment.md "Readiness and metrics"). */
function readinessChecks(app: FastifyInstance): Record<Check, () => Promise<void>> {
  return {
    database: () => ping(app.db),
    // Another instance may have been rolled back below this code's schema (or this one started on a
    // database a newer version migrated, which is fine): ready only with every migration it knows.
    migrations: async () => {
      if (!(await isMigrated(app.db))) throw new Error('the database lacks migrations');
    },
    // One cheap listing of the bucket (or the media folder): credentials, endpoint and bucket work.
    storage: async () => {
      await app.media.storage.list('readyz/');
    },
    // pg-boss's tables answer: queued jobs can be taken.
    jobs: async () => {
      await jobQueueDepth(app.db);
    },
  };
}

const CheckResult = Type.Union([Type.Literal('ok'), Type.String()]);
const ReadyBody = Type.Object({
  ready: Type.Boolean(),
  checks: Type.Object(Object.fromEntries(CHECKS.map((name) => [name, CheckResult]))),
});

/** True when `header` is `Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: Type.Object({ ok: Type.Literal(true) }), ...errors(503) },
      },
    },
    async (request) => {
      try {
        await ping(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new ApiError(503, 'unavailable');
      }
      return { ok: true as const };
    },
  );

  app.get(
    '/readyz',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: database (migrated), media storage and job queue answer',
        description:
          'What a load balancer asks before sending traffic here. 503 names each failed check; no secret ' +
          'or address is in the answer (docs/deployment.md).',
        response: { 200: ReadyBody, 503: ReadyBody },
      },
    },
    async (request, reply) => {
      const checks = readinessChecks(app);
      const results = await Promise.all(
        CHECKS.map(async (name) => {
          try {
            await within(app.config.readyTimeoutMs, checks[name]());
            return [name, 'ok'] as const;
          } catch (error) {
            request.log.warn({ err: error, check: name }, 'readiness check failed');
            return [name, name === 'migrations' ? 'not migrated' : 'unreachable'] as const;
          }
        }),
      );
      const ready = results.every(([, result]) => result === 'ok');
      // Never cached by the proxy: the answer is about this instance, now.
      reply.header('cache-control', 'no-store');
      return reply.code(ready ? 200 : 503).send({ ready, checks: Object.fromEntries(results) });
    },
  );

  app.get(
    '/metrics',
    {
      // Not a user's permission: the operator's METRICS_TOKEN is checked below (docs/security.md
      // "Operator endpoints").
      config: { permission: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics of this instance (bearer METRICS_TOKEN)',
        response: { 200: Type.String(), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const token = app.config.metricsToken;
      if (token === null) throw new ApiError(404, 'notFound');
      if (!bearerMatches(request.headers.authorization, token))
        throw new ApiError(401, 'unauthenticated', { headers: { 'www-authenticate': 'Bearer' } });
      const { metrics } = app;
      const queued = await within(app.config.readyTimeoutMs, jobQueueDepth(app.db)).catch(() => null);
      metrics.liveIngests.set(app.ingest.active().length);
      metrics.webrtcViewers.set(app.whep.sessions.size);
      metrics.websocketClients.set(app.realtimeSockets.size);
      metrics.databaseUp.set(queued === null ? 0 : 1);
      // Queues that emptied since the last scrape must read 0, not their old depth.
      metrics.jobQueueDepth.reset();
      for (const row of queued ?? [])
        metrics.jobQueueDepth.set({ queue: row.queue, state: row.state }, row.jobs);
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(await metrics.registry.metrics());
    },
  );
};

export default healthRoutes;
