import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { findStream, updateStream } from '../../db/repositories/streams.ts';
import type { BannerKind, StoredImage } from '../../db/tables/streams.ts';
import { AccountIdQuery, bearer, errors, Uuid } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { BANNER_BOX, type ImageBox } from '../../media/images.ts';
import { accountOf, holds } from '../../plugins/caller.ts';
import { openFilePart } from '../videos/multipart.ts';
import { logStream } from './activity.ts';
import { BannerKindSchema, Stream } from './schemas.ts';
import { type ImageName, maxImageBytes, removeImage, saveImage } from './storage.ts';
import { imageUrl, streamView } from './view.ts';

/** Room for the multipart boundaries and headers around the file. */
export const MULTIPART_OVERHEAD = 256 * 1024;

const Params = Type.Object({ id: Uuid, kind: BannerKindSchema });

/** The 413 of each image, naming its own limit. */
const tooLarge = (name: ImageName) =>
  name === 'studioBackground' ? ('studioBackgroundTooLarge' as const) : ('imageTooLarge' as const);

/** Reads the `file` part to disk as `name`'s next image, scaled into `box`, or answers 400/413/415. */
export async function receiveImage(
  request: FastifyRequest,
  accountId: string,
  streamId: string,
  name: ImageName,
  box: ImageBox = BANNER_BOX,
) {
  if (!request.isMultipart()) throw new ApiError(415, 'multipartRequired');
  const part = await openFilePart(request, {
    limits: { fileSize: maxImageBytes(name), files: 1, fields: 10, parts: 12 },
    throwFileSizeLimit: false,
  });
  if (!part) throw new ApiError(400, 'required', { field: 'file' });
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new ApiError(400, 'required', { field: 'file' });
  }
  const result = await saveImage(
    request.server.media.storage,
    accountId,
    streamId,
    name,
    part.file,
    () => part.file.truncated,
    box,
  );
  if (!result.ok)
    throw new ApiError(
      result.reason === 'tooLarge' ? 413 : 415,
      result.reason === 'notAnImage' ? 'imageInvalid' : tooLarge(name),
    );
  return result.image;
}

const bannerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { storage } = app.media;

  /** Sets (or clears) one image of a stream, logs it, and removes the file it replaced after the commit. */
  async function setImage(
    request: FastifyRequest,
    accountId: string,
    id: string,
    kind: BannerKind,
    image: StoredImage | null,
  ) {
    const { row, previous } = await app.db.transaction().execute(async (trx) => {
      const current = await findStream(trx, accountId, id, { forUpdate: true });
      if (!current) throw new ApiError(404, 'streamNotFound');
      const previous = current.banners[kind];
      if (!image && !previous) return { row: current, previous: undefined };
      const banners = { ...current.banners };
      if (image) banners[kind] = image;
      else delete banners[kind];
      const updated = await updateStream(trx, accountId, id, { banners: JSON.stringify(banners) });
      await logStream(trx, request, accountId, 'TRANSMISSAO_ATUALIZADA', id, {
        nome: current.nome,
        [kind]: imageUrl(accountId, id, kind, image ?? undefined),
      });
      return { row: updated!, previous };
    });
    if (previous)
      await removeImage(storage, accountId, id, kind, previous).catch((err: unknown) =>
        request.log.warn({ err }, 'could not remove a replaced stream image'),
      );
    return row;
  }

  app.post(
    '/v1/live-streams/:id/banners/:kind',
    {
      config: { permission: { anyOf: ['showStreaming'] }, blocked: 'accountBlockedContent' },
      schema: {
        tags: ['live streams'],
        summary:
          'Upload a banner image (multipart field `file`: PNG, JPEG or WebP by content, ≤ 10 MB; the studio background ≤ 30 MB)',
        description:
          'kind: thumbnail, startSoonScreen, pauseScreen, endingScreen, studioBackground (the studio background), classroomCover, classroomBackground or classroomLoginBackground (the classroom page: its cover, the viewing page and the registration backgrounds). 413 over 10 MB (30 MB for studioBackground), 415 not an image.',
        security: bearer,
        consumes: ['multipart/form-data'],
        params: Params,
        querystring: AccountIdQuery,
        response: { 200: Stream, ...errors(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const id = request.params.id.toLowerCase();
      const { kind } = request.params;
      // Refused before a byte of the body is read: a missing stream, a body that cannot fit.
      if (!(await findStream(app.db, accountId, id))) throw new ApiError(404, 'streamNotFound');
      const length = Number(request.headers['content-length']);
      if (length > maxImageBytes(kind) + MULTIPART_OVERHEAD) {
        reply.header('connection', 'close');
        throw new ApiError(413, tooLarge(kind));
      }
      const image = await receiveImage(request, accountId, id, kind);
      try {
        const row = await setImage(request, accountId, id, kind, image);
        return streamView(row, holds(request, accountId, 'broadcast'));
      } catch (error) {
        await removeImage(storage, accountId, id, kind, image).catch(() => {});
        throw error;
      }
    },
  );

  app.delete(
    '/v1/live-streams/:id/banners/:kind',
    {
      config: { permission: { anyOf: ['showStreaming'] } },
      schema: {
        tags: ['live streams'],
        summary: 'Remove a banner image',
        security: bearer,
        params: Params,
        querystring: AccountIdQuery,
        response: { 200: Stream, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const row = await setImage(
        request,
        accountId,
        request.params.id.toLowerCase(),
        request.params.kind,
        null,
      );
      return streamView(row, holds(request, accountId, 'broadcast'));
    },
  );
};

export default bannerRoutes;
