import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { ping } from '../../db/database.ts';
import { errors } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';

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
};

export default healthRoutes;
