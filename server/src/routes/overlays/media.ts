import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { ImageExtension } from '../../db/tables/streams.ts';
import { errors, Uuid } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { sendStored } from '../../media/stored-files.ts';
import { CONTENT_TYPES } from '../streams/storage.ts';
import { overlayKey } from './storage.ts';

// `{overlayId}-{version}.{ext}`: the version is 16 random bytes, so a URL cannot be guessed.
const FILE = /^[0-9a-f-]{36}-[A-Za-z0-9_-]{22}\.(png|jpg|webp)$/;

/** Overlay images, public (a viewer's player sends no token); names never change content. */
const overlayMediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/media/overlays/:accountId/:file',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['overlays'],
        summary: 'An overlay image (the imageUrl of an overlay)',
        params: Type.Object({ accountId: Uuid, file: Type.String({ maxLength: 80 }) }),
        response: { 200: Type.Any(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const match = FILE.exec(file);
      if (!match) throw new ApiError(404, 'notFound');
      const key = overlayKey(request.params.accountId.toLowerCase(), file);
      const sent = await sendStored(request, reply, app.media.storage, key, {
        type: CONTENT_TYPES[match[1] as ImageExtension],
        cache: 'public, max-age=31536000, immutable',
      });
      if (!sent) throw new ApiError(404, 'notFound');
      return reply;
    },
  );
};

export default overlayMediaRoutes;
