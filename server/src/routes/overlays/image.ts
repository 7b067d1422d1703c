import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { findOverlay, livesShowing, updateOverlay } from '../../db/repositories/overlays.ts';
import { AccountIdQuery, bearer, errors } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { openFilePart } from '../videos/multipart.ts';
import { OverlayParams, OverlayView } from './schemas.ts';
import { MAX_OVERLAY_BYTES, removeOverlayImage, saveOverlayImage } from './storage.ts';
import { announce, logOverlay, overlayView, pathAccount } from './view.ts';

/** Room for the multipart boundaries and headers around the file. */
const MULTIPART_OVERHEAD = 256 * 1024;

/** The `file` part, whole (≤ 10 MB), or 400/413/415. */
async function receive(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ApiError(415, 'multipartRequired');
  const part = await openFilePart(request, {
    limits: { fileSize: MAX_OVERLAY_BYTES, files: 1, fields: 10, parts: 12 },
    throwFileSizeLimit: false,
  });
  if (part?.fieldname !== 'file') {
    part?.file.resume();
    throw new ApiError(400, 'required', { field: 'file' });
  }
  const data = await part.toBuffer();
  if (part.file.truncated) throw new ApiError(413, 'imageTooLarge');
  return data;
}

const overlayImageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { storage } = app.media;

  app.post(
    '/v1/accounts/:accountId/overlays/:overlayId/image',
    {
      config: {
        permission: { anyOf: ['showStreaming'] },
        blocked: 'accountBlockedContent',
        blockedIn: 'named',
      },
      schema: {
        tags: ['overlays'],
        summary:
          "Set an image overlay's image (multipart field `file`: PNG, JPEG or WebP by content, ≤ 10 MB)",
        security: bearer,
        consumes: ['multipart/form-data'],
        params: OverlayParams,
        querystring: AccountIdQuery,
        response: { 200: OverlayView, ...errors(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const accountId = await pathAccount(request, request.params.accountId);
      const id = request.params.overlayId.toLowerCase();
      const current = await findOverlay(app.db, accountId, id);
      if (!current) throw new ApiError(404, 'overlayNotFound');
      if (current.kind !== 'image') throw new ApiError(409, 'overlayNotImage');
      if (Number(request.headers['content-length']) > MAX_OVERLAY_BYTES + MULTIPART_OVERHEAD) {
        reply.header('connection', 'close');
        throw new ApiError(413, 'imageTooLarge');
      }
      const image = await saveOverlayImage(storage, accountId, id, await receive(request));
      if (!image) throw new ApiError(415, 'imageInvalid');
      let result: {
        row: NonNullable<Awaited<ReturnType<typeof updateOverlay>>>;
        previous: typeof image | null;
        lives: string[];
      };
      try {
        result = await app.db.transaction().execute(async (trx) => {
          const locked = await findOverlay(trx, accountId, id, { forUpdate: true });
          if (!locked) throw new ApiError(404, 'overlayNotFound');
          const row = await updateOverlay(trx, accountId, id, { image: JSON.stringify(image) });
          await logOverlay(trx, request, accountId, 'OVERLAY_ATUALIZADO', id, {
            nome: locked.name,
            imagem: overlayView(row!).imageUrl,
          });
          return { row: row!, previous: locked.image, lives: await livesShowing(trx, id) };
        });
      } catch (error) {
        await removeOverlayImage(storage, accountId, id, image).catch(() => {});
        throw error;
      }
      if (result.previous)
        await removeOverlayImage(storage, accountId, id, result.previous).catch((err: unknown) =>
          request.log.warn({ err }, 'could not remove a replaced overlay image'),
        );
      await announce(app, accountId, result.lives);
      return overlayView(result.row);
    },
  );
};

export default overlayImageRoutes;
