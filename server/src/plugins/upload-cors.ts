import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is one of the upload host's (the source upload): it answers CORS to the console's own
     * origin, so UPLOAD_URL may name another host (docs/api-videos.md "An upload host on another origin").
     */
    uploadCors?: boolean;
  }
}

/** The headers the console's upload sends beyond the safelisted ones (features/vod/upload/transport.ts). */
const ALLOWED_HEADERS = 'Authorization, Content-Range, Content-Type, Accept, Accept-Language';
/** What the console may read of an answer: a busy upload host's wait. */
const EXPOSED_HEADERS = 'Retry-After';

/** The console's origin: the configured public URL's (never `*`: the calls carry the user's token). */
export function consoleOrigin(publicUrl: string): string {
  return new URL(publicUrl).origin;
}

function allowedOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  return origin !== undefined && origin === consoleOrigin(request.server.config.publicUrl) ? origin : null;
}

/**
 * The preflight of an upload route: 204 with what the console sends (POST with Authorization and
 * Content-Range, GET of the upload state) for its own origin; 403 with no CORS header for any other
 * page, which the browser then refuses.
 */
export function uploadPreflight(request: FastifyRequest, reply: FastifyReply) {
  const origin = allowedOrigin(request);
  reply.header('vary', 'Origin');
  if (!origin) return reply.code(403).send();
  return reply
    .code(204)
    .header('access-control-allow-origin', origin)
    .header('access-control-allow-methods', 'GET, POST, OPTIONS')
    .header('access-control-allow-headers', ALLOWED_HEADERS)
    .header('access-control-max-age', '600')
    .send();
}

/**
 * Every answer of an upload route — errors included (a 401, a 409 whose body says where to resume):
 * the console's origin is named before any other hook runs, so the console reads them all. The
 * console sends its token as an Authorization header, never a cookie: no Allow-Credentials.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!request.routeOptions.config.uploadCors) return;
      reply.header('vary', 'Origin');
      const origin = allowedOrigin(request);
      if (!origin) return;
      reply
        .header('access-control-allow-origin', origin)
        .header('access-control-expose-headers', EXPOSED_HEADERS);
    });
  },
  { name: 'upload-cors' },
);
