import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { findStream } from '../../db/repositories/streams.ts';
import { recordViewerCount, watchingLive } from '../../db/repositories/viewers.ts';
import { AccountIdQuery, bearer, errors, Uuid } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { READ_STREAMS } from '../../permissions.ts';
import { accountOf } from '../../plugins/caller.ts';
import { logStream } from '../streams/activity.ts';

/**
 * The console's side of the viewers of a live (docs/playback.md "Viewer-ID signal", "Viewer counts"): the
 * anti-piracy viewer-ID signal, and the current viewer count (its changes arrive as the `espectadores`
 * realtime event).
 */
const viewerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/v1/live-streams/:id/viewer-id',
    {
      // The control panel's other live actions (start, pause, resume, end) take the same.
      config: { permission: { anyOf: ['showStreaming'] } },
      schema: {
        tags: ['live streams'],
        summary: 'Make every current player of the live show its viewer ID',
        description:
          'Players of the live overlay their own anti-piracy viewer ID until `until` (VIEWER_ID_SECONDS, 60 s), through the viewer channel. Only a live or paused stream: else 409.',
        security: bearer,
        params: Type.Object({ id: Uuid }),
        querystring: AccountIdQuery,
        response: {
          200: Type.Object({ until: Type.String({ format: 'date-time' }) }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const id = request.params.id.toLowerCase();
      const until = new Date(Date.now() + app.config.viewers.viewerIdSeconds * 1000).toISOString();
      await app.db.transaction().execute(async (trx) => {
        const stream = await findStream(trx, accountId, id);
        if (!stream) throw new ApiError(404, 'streamNotFound');
        if (stream.status !== 'live' && stream.status !== 'paused') throw new ApiError(409, 'notOnAir');
        await logStream(trx, request, accountId, 'SINAL_IDENTIFICACAO_ENVIADO', id, {
          nome: stream.nome,
          until,
        });
      });
      // Awaited: the console says "sent" only once the signal is on the bus.
      await app.events.publish(accountId, 'viewer_id', { live_id: id, until });
      return { until };
    },
  );

  app.get(
    '/v1/live-streams/:id/viewers',
    {
      config: { permission: { anyOf: READ_STREAMS } },
      schema: {
        tags: ['live streams'],
        summary: 'Current viewers of a live',
        description:
          'Playback sessions whose last beacon is under 30 s old, counted now (and published when the figure changed); changes arrive as the `espectadores` realtime event (checked every 5 s).',
        security: bearer,
        params: Type.Object({ id: Uuid }),
        querystring: AccountIdQuery,
        response: { 200: Type.Object({ total: Type.Integer() }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const id = request.params.id.toLowerCase();
      if (!(await findStream(app.db, accountId, id))) throw new ApiError(404, 'streamNotFound');
      // Beacons are written in batches: this instance's pending ones count too.
      await app.analytics.writer.flush();
      const total = await watchingLive(app.db, id, app.config.viewers.viewerTimeoutMs);
      // The console shows this figure and then follows the `espectadores` events, which the counter
      // publishes only when the stored count changes: store it (publishing it when it changed), or a
      // viewer who came and went between two counts would stay on the console's screen for good.
      if (await recordViewerCount(app.db, id, accountId, total))
        await app.events.publish(accountId, 'espectadores', { live_id: id, total });
      return { total };
    },
  );
};

export default viewerRoutes;
