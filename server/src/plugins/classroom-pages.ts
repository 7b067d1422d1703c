import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONTENT_SECURITY_POLICY } from './security-headers.ts';

/** The chat page is framed by the viewing page, on this origin only. */
const CHAT_POLICY = CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", "frame-ancestors 'self'");

/**
 * `/classroom`, `/classroom/register` and `/classroom/chat` answer the classroom's own page
 * (classroom.html), never the console's index.html (docs/classroom.md).
 */
export function registerClassroomPages(app: FastifyInstance): void {
  const page = (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('classroom.html');
  };
  const hide = { schema: { hide: true }, config: { permission: 'public' as const } };
  app.get('/classroom', hide, page);
  app.get('/classroom/register', hide, page);
  app.get(
    '/classroom/chat',
    {
      ...hide,
      // After the global security headers (route hooks come last): this one page may be framed by its own site.
      onSend: async (_request, reply, payload) => {
        reply.header('content-security-policy', CHAT_POLICY);
        reply.header('x-frame-options', 'SAMEORIGIN');
        return payload;
      },
    },
    page,
  );
}
