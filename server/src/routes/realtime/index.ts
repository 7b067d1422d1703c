import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { errors } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { serveAccountSocket } from './connection.ts';

/**
 * `GET /ws/{contaId}`: the account's event stream (docs/realtime.md). Declared public because a
 * browser cannot send a header with a websocket: the session token arrives in the first message and
 * is checked there like a Bearer token (bad 4401, not a member 4403).
 */
const realtimeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    method: 'GET',
    url: '/ws/:contaId',
    config: { permission: 'public' },
    schema: {
      tags: ['realtime'],
      summary: 'The account event stream (websocket)',
      description:
        'Upgrade with subprotocol palco.v1, then send {"type":"hello","token":"<session token>","lastId":"<id>"} first. A plain HTTP GET answers 426.',
      params: Type.Object({ contaId: Type.String({ format: 'uuid' }) }),
      response: errors(400, 426),
    },
    handler: async () => {
      throw new ApiError(426, 'websocketOnly');
    },
    wsHandler: (socket, request) => {
      serveAccountSocket(app, socket, request.params.contaId.toLowerCase());
    },
  });
};

export default realtimeRoutes;
