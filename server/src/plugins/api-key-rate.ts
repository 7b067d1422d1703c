import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/errors.ts';

/**
 * Per-key rate limit of the authenticated scope: each route's limiter runs after `authenticate`
 * (route hooks follow the scope's), counts calls per key id, and lets session calls through untouched.
 * 429 with `Retry-After` (seconds) and the `x-ratelimit-*` headers. Counted per instance, in memory.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: true,
      max: app.config.apiKeyRatePerMinute,
      timeWindow: 60_000,
      hook: 'onRequest',
      allowList: (request) => !request.auth?.apiKey,
      keyGenerator: (request) => request.auth?.apiKey?.id ?? 'session',
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, 'apiKeyRateLimited', {
          params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
        }),
    });
  },
  { name: 'api-key-rate' },
);
