import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { ImageExtension } from '../../db/tables/streams.ts';
import { ApiError } from '../../lib/errors.ts';
import { errors, Uuid } from '../schemas.ts';
import { CONTENT_TYPES, imagePath } from './storage.ts';

// `{kind}-{version}.{ext}`: the version is 16 random bytes, so a URL cannot be guessed from a stream id.
const FILE =
  /^(thumbnail|startSoonScreen|pauseScreen|endingScreen|studioBackground)-[A-Za-z0-9_-]{22}\.(png|jpg|webp)$/;

/**
 * Stream images, public: an <img> (or a viewer's player) sends no token. The unguessable name is the
 * access check; a replaced or removed image's old URL answers 404. Names never change content, so
 * they are cached for a year.
 */
const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/media/streams/:accountId/:streamId/:file',
    {
      schema: {
        tags: ['live streams'],
        summary: 'A stream image (the URLs in a stream’s assets)',
        params: Type.Object({ accountId: Uuid, streamId: Uuid, file: Type.String({ maxLength: 80 }) }),
        response: { 200: Type.Any(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const { accountId, streamId, file } = request.params;
      const match = FILE.exec(file);
      if (!match) throw new ApiError(404, 'notFound');
      const path = imagePath(app.config.dataDir, accountId.toLowerCase(), streamId.toLowerCase(), file);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) throw new ApiError(404, 'notFound');
      return reply
        .type(CONTENT_TYPES[match[2] as ImageExtension])
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(path));
    },
  );
};

export default mediaRoutes;
