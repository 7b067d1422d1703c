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

export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
} as const;

/** `Cache-Control: no-store` unless the answer chose its own caching (the static files do). */
export function setSecurityHeaders(reply: FastifyReply): void {
  reply.headers(SECURITY_HEADERS);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

/**
 * On every answer — API, static files, errors, 404s. Answers fastify gives before routing (a bad
 * URL, a request the HTTP parser refuses) run no hooks: plugins/framework-errors.ts sets the same
 * headers on them.
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
