import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../lib/errors.ts';
import classroomChatRoutes from './chat.ts';
import classroomInfoRoutes from './info.ts';

/** The classroom's public calls (docs/classroom.md): no session; each route bounded per address. */
const classroom: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'tooManyRequests', {
        params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }),
  });
  await app.register(classroomInfoRoutes);
  await app.register(classroomChatRoutes);
};

export default classroom;
