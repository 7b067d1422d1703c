import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { activeOverlayRows, overlayNamesIn, setActiveOverlays } from '../../db/repositories/overlays.ts';
import { findStream } from '../../db/repositories/streams.ts';
import { AccountIdQuery, bearer, errors } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { accountOf } from '../../plugins/caller.ts';
import { ActiveSet, ActiveView, LiveParams } from './schemas.ts';
import { announce, logOverlay } from './view.ts';

/** Who turns overlays on and off: whoever edits streams, and the operator at the control panel. */
const CONTROL = { permission: { anyOf: ['showStreaming', 'broadcast'] as ['showStreaming', 'broadcast'] } };

/** Which of the team's overlays are over a live's player; changeable during the live. */
const liveOverlayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/live-streams/:id/overlays',
    {
      config: CONTROL,
      schema: {
        tags: ['overlays'],
        summary: 'The overlays on for a live, in drawing order',
        security: bearer,
        params: LiveParams,
        querystring: AccountIdQuery,
        response: { 200: ActiveView, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const id = request.params.id.toLowerCase();
      if (!(await findStream(app.db, accountId, id))) throw new ApiError(404, 'streamNotFound');
      return { overlayIds: (await activeOverlayRows(app.db, id)).map((r) => r.id) };
    },
  );

  app.put(
    '/v1/live-streams/:id/overlays',
    {
      config: CONTROL,
      schema: {
        tags: ['overlays'],
        summary:
          'Set the overlays on for a live (at most 10, later ones drawn on top); viewers see it at once',
        security: bearer,
        params: LiveParams,
        querystring: AccountIdQuery,
        body: ActiveSet,
        response: { 200: ActiveView, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const id = request.params.id.toLowerCase();
      const wanted = request.body.overlayIds.map((o) => o.toLowerCase());
      await app.db.transaction().execute(async (trx) => {
        const live = await findStream(trx, accountId, id, { forUpdate: true });
        if (!live) throw new ApiError(404, 'streamNotFound');
        const found = await overlayNamesIn(trx, accountId, wanted);
        // Another team's overlay is refused exactly like one that does not exist.
        if (found.length !== new Set(wanted).size) throw new ApiError(404, 'overlayNotFound');
        await setActiveOverlays(trx, id, wanted);
        const names = new Map(found.map((f) => [f.id, f.name]));
        await logOverlay(trx, request, accountId, 'OVERLAYS_TRANSMISSAO_ATUALIZADOS', id, {
          nome: live.nome,
          overlays: wanted.map((o) => names.get(o) ?? o),
        });
      });
      await announce(app, accountId, [id]);
      return { overlayIds: wanted };
    },
  );
};

export default liveOverlayRoutes;
