import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { AccountIdQuery, bearer, errors } from '../schemas.ts';

/**
 * `GET /v1/realtime/stats` (staff): how many authenticated account sockets this instance holds. An
 * operator's figure (is "one socket per browser" holding, is a client reconnecting in a loop), and
 * what the console's e2e counts its tabs' sockets with.
 */
const realtimeStats: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/realtime/stats',
    {
      config: { permission: 'staff' },
      schema: {
        tags: ['realtime'],
        summary: 'Open account sockets on this instance (staff only)',
        security: bearer,
        querystring: AccountIdQuery,
        response: {
          200: Type.Object({ sockets: Type.Integer({ minimum: 0 }) }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async () => ({ sockets: app.realtimeSockets.size }),
  );
};

export default realtimeStats;
