import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** `Cache-Control: no-store` unless the answer chose its own caching (the static files do). */
export function setSecurityHeaders(reply: FastifyReply): void {
  reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  reply.header('x-frame-options', 'DENY');
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

/**
 * On every answer — API, static files, errors, 404s. Answers fastify gives before routing (a bad
 * URL) run no hooks: plugins/errors.ts `frameworkErrors` sets the same headers on them.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      setSecurityHeaders(reply);
      return payload;
    });
  },
  { name: 'security-headers' },
);
