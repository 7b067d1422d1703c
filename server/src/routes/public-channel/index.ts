import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { findLiveForViewers, publishedViewerCount } from '../../db/repositories/viewers.ts';
import { errors } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { ViewerChannels } from './channels.ts';
import { serveViewerChannel } from './connection.ts';

/**
 * `GET /v1/public/lives/{liveId}/channel`: the players' websocket of one live (viewer contract §3,
 * docs/playback.md "Viewer channel"). Public, no session: it only carries what every viewer may know
 * (status, the viewer-ID signal, overlays, the viewer count). An unknown live answers 404 before any
 * upgrade.
 */
const publicChannelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const channels = new ViewerChannels(app);
  const timer = setInterval(() => channels.keepAlive(), app.config.viewers.channelPingMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.route({
    method: 'GET',
    url: '/v1/public/lives/:liveId/channel',
    config: { permission: 'public' },
    schema: {
      tags: ['playback'],
      summary: 'The viewer channel of a live (websocket)',
      description:
        'Server → client newline-separated JSON: {"type":"status"}, {"type":"viewer_id","until"}, {"type":"overlays"}, {"type":"viewers","count"}. The client may only send {"type":"ping"}; anything else closes 4400. A plain HTTP GET answers 426.',
      params: Type.Object({ liveId: Type.String({ format: 'uuid' }) }),
      response: errors(400, 404, 426),
    },
    preHandler: async (request) => {
      const live = await findLiveForViewers(app.db, request.params.liveId.toLowerCase());
      if (!live) throw new ApiError(404, 'streamNotFound');
      request.viewerLive = {
        id: live.id,
        accountId: live.account_id,
        status: live.status,
        viewers: await publishedViewerCount(app.db, live.id),
      };
    },
    handler: async () => {
      throw new ApiError(426, 'websocketOnly');
    },
    wsHandler: (socket, request) => {
      const live = request.viewerLive;
      if (!live) return socket.close(1011, 'server error');
      serveViewerChannel(app, channels, socket, {
        liveId: live.id,
        accountId: live.accountId,
        status: live.status,
        viewers: live.viewers,
        address: request.ip,
      });
    },
  });
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The live a viewer channel opens, looked up before the upgrade. */
    viewerLive?: { id: string; accountId: string; status: string; viewers: number };
  }
}

export default publicChannelRoutes;
