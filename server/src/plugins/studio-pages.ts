import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * `/studio/{liveId}` (the presenter) and `/studio/{liveId}/guest` (a guest's link) answer the studio's own
 * page (studio.html), never the console's index.html (docs/studio.md "Studio page and guests"). The
 * console's security headers apply (it frames the live's player and chat, both on this origin).
 */
export function registerStudioPages(app: FastifyInstance): void {
  const page = (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('studio.html');
  };
  const options = {
    schema: { hide: true },
    config: { permission: 'public' as const },
    onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      // Camera, microphone and screen for this page only.
      reply.header('permissions-policy', 'camera=(self), microphone=(self), display-capture=(self)');
      return payload;
    },
  };
  app.get('/studio/:liveId', options, page);
  app.get(
    '/studio/:liveId/guest',
    {
      ...options,
      // Declared so that the log redaction's route walk sees this secret (lib/log-redaction.ts).
      schema: {
        hide: true,
        querystring: Type.Object({
          t: Type.Optional(Type.String({ maxLength: 2000, description: 'the guest link token' })),
        }),
      },
    },
    page,
  );
}
