import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { bearer, errors } from '../../http/schemas.ts';

/**
 * `GET /v1/realtime/sockets`: how many account sockets the caller holds open on this instance. The
 * console opens one per browser whatever the number of tabs; this is how that is checked (e2e).
 */
const socketCountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/realtime/sockets',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['realtime'],
        summary: "The caller's open account websockets on this instance",
        security: bearer,
        response: { 200: Type.Object({ sockets: Type.Integer({ minimum: 0 }) }), ...errors(401) },
      },
    },
    async (request) => ({ sockets: app.realtimeSockets.countOf(request.auth?.user.id ?? '') }),
  );
};

export default socketCountRoutes;
