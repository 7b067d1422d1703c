import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { lockAccount } from '../../db/repositories/accounts.ts';
import {
  countOverlays,
  deleteOverlay,
  findOverlay,
  insertOverlay,
  listOverlays,
  livesShowing,
  MAX_OVERLAYS,
  updateOverlay,
} from '../../db/repositories/overlays.ts';
import { AccountIdQuery, bearer, errors } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import {
  AccountParams,
  NewOverlay,
  OverlayChanges,
  OverlayList,
  OverlayParams,
  OverlayView,
} from './schemas.ts';
import { removeOverlayImage } from './storage.ts';
import { announce, logOverlay, overlayView, pathAccount } from './view.ts';

const EDIT = { permission: { anyOf: ['showStreaming'] as ['showStreaming'] } };
const tags = ['overlays'];

/** A team's overlays (docs/classroom.md "Overlays"): list, create, change, remove. */
const overlayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/accounts/:accountId/overlays',
    {
      config: EDIT,
      schema: {
        tags,
        summary: "The team's overlays, oldest first",
        security: bearer,
        params: AccountParams,
        querystring: AccountIdQuery,
        response: { 200: OverlayList, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const accountId = await pathAccount(request, request.params.accountId);
      return { items: (await listOverlays(app.db, accountId)).map(overlayView) };
    },
  );

  app.post(
    '/v1/accounts/:accountId/overlays',
    {
      config: { ...EDIT, blocked: 'accountBlockedContent', blockedIn: 'named' },
      schema: {
        tags,
        summary: 'Create an overlay (an image one gets its image from POST …/{overlayId}/image)',
        security: bearer,
        params: AccountParams,
        querystring: AccountIdQuery,
        body: NewOverlay,
        response: { 201: OverlayView, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const accountId = await pathAccount(request, request.params.accountId);
      const body = request.body;
      const text = body.kind === 'text' ? (body.text?.trim() ?? '') : null;
      if (text === '') throw new ApiError(400, 'overlayTextRequired', { field: 'text' });
      const row = await app.db.transaction().execute(async (trx) => {
        // Serialises creations of one team, so two at once cannot pass the limit together.
        await lockAccount(trx, accountId);
        if ((await countOverlays(trx, accountId)) >= MAX_OVERLAYS)
          throw new ApiError(409, 'overlaysTooMany', { params: { max: MAX_OVERLAYS } });
        const created = await insertOverlay(trx, {
          account_id: accountId,
          name: body.name.trim(),
          kind: body.kind,
          text,
          image: null,
          position: body.position,
          width_percent: body.widthPercent,
          color: body.color?.toLowerCase() ?? null,
        });
        await logOverlay(trx, request, accountId, 'OVERLAY_CRIADO', created.id, {
          nome: created.name,
          tipo: created.kind,
          texto: created.text,
        });
        return created;
      });
      return reply.code(201).send(overlayView(row));
    },
  );

  app.patch(
    '/v1/accounts/:accountId/overlays/:overlayId',
    {
      config: EDIT,
      schema: {
        tags,
        summary: 'Change an overlay; viewers of the lives showing it see the change at once',
        security: bearer,
        params: OverlayParams,
        querystring: AccountIdQuery,
        body: OverlayChanges,
        response: { 200: OverlayView, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const accountId = await pathAccount(request, request.params.accountId);
      const id = request.params.overlayId.toLowerCase();
      const body = request.body;
      const { row, lives } = await app.db.transaction().execute(async (trx) => {
        const current = await findOverlay(trx, accountId, id, { forUpdate: true });
        if (!current) throw new ApiError(404, 'overlayNotFound');
        const text = body.text === undefined || current.kind !== 'text' ? undefined : body.text?.trim();
        if (current.kind === 'text' && body.text !== undefined && !text)
          throw new ApiError(400, 'overlayTextRequired', { field: 'text' });
        const updated = await updateOverlay(trx, accountId, id, {
          ...(body.name === undefined ? {} : { name: body.name.trim() }),
          ...(text === undefined ? {} : { text }),
          ...(body.position === undefined ? {} : { position: body.position }),
          ...(body.widthPercent === undefined ? {} : { width_percent: body.widthPercent }),
          ...(body.color === undefined ? {} : { color: body.color?.toLowerCase() ?? null }),
        });
        await logOverlay(trx, request, accountId, 'OVERLAY_ATUALIZADO', id, { nome: updated!.name, ...body });
        return { row: updated!, lives: await livesShowing(trx, id) };
      });
      await announce(app, accountId, lives);
      return overlayView(row);
    },
  );

  app.delete(
    '/v1/accounts/:accountId/overlays/:overlayId',
    {
      config: EDIT,
      schema: {
        tags,
        summary: 'Remove an overlay (and take it off every live showing it)',
        security: bearer,
        params: OverlayParams,
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const accountId = await pathAccount(request, request.params.accountId);
      const id = request.params.overlayId.toLowerCase();
      const { row, lives } = await app.db.transaction().execute(async (trx) => {
        const lives = await livesShowing(trx, id);
        const removed = await deleteOverlay(trx, accountId, id);
        if (!removed) throw new ApiError(404, 'overlayNotFound');
        await logOverlay(trx, request, accountId, 'OVERLAY_REMOVIDO', id, { nome: removed.name });
        return { row: removed, lives };
      });
      if (row.image)
        await removeOverlayImage(app.media.storage, accountId, id, row.image).catch((err: unknown) =>
          request.log.warn({ err }, 'could not remove an overlay image'),
        );
      await announce(app, accountId, lives);
      return reply.code(204).send(null);
    },
  );
};

export default overlayRoutes;
