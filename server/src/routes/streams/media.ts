import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { BANNER_KINDS, type ImageExtension } from '../../db/tables/streams.ts';
import { errors, Uuid } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { previewKey } from '../../media/ingest.ts';
import { sendStored } from '../../media/stored-files.ts';
import { previewMediaId } from './preview.ts';
import { CONTENT_TYPES, imageKey } from './storage.ts';

// `{kind}-{version}.{ext}` (a banner kind, or `speaker-{id}` for a classroom speaker's avatar): the
// version is 16 random bytes, so a URL cannot be guessed from a stream id.
const FILE = new RegExp(
  `^(${BANNER_KINDS.join('|')}|speaker-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-[A-Za-z0-9_-]{22}\\.(png|jpg|webp)$`,
);

/**
 * Stream images, public: an <img> (or a viewer's player) sends no token. The unguessable name is the
 * access check; a replaced or removed image's old URL answers 404. Names never change content, so
 * they are cached for a year.
 */
const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/media/streams/:accountId/:streamId/:file',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['live streams'],
        summary: 'A stream image (the URLs in a stream’s assets)',
        params: Type.Object({ accountId: Uuid, streamId: Uuid, file: Type.String({ maxLength: 100 }) }),
        response: { 200: Type.Any(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const { accountId, streamId, file } = request.params;
      const match = FILE.exec(file);
      if (!match) throw new ApiError(404, 'notFound');
      const key = imageKey(accountId.toLowerCase(), streamId.toLowerCase(), file);
      const sent = await sendStored(request, reply, app.media.storage, key, {
        type: CONTENT_TYPES[match[2] as ImageExtension],
        cache: 'public, max-age=31536000, immutable',
      });
      if (!sent) throw new ApiError(404, 'notFound');
      return reply;
    },
  );

  // A signal's live preview (HLS written by the ingest's ffmpeg), through a signed URL like VOD media.
  app.get(
    '/media/live/:accountId/:streamId/:signalId/:token/:file',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['live streams'],
        summary: "A file of a signal's live preview, through a signed URL (no token needed)",
        params: Type.Object({
          accountId: Uuid,
          streamId: Uuid,
          signalId: Uuid,
          token: Type.String({ maxLength: 80 }),
          file: Type.String({ maxLength: 40 }),
        }),
        response: { 200: Type.Any(), ...errors(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const accountId = request.params.accountId.toLowerCase();
      const streamId = request.params.streamId.toLowerCase();
      const signalId = request.params.signalId.toLowerCase();
      const { token, file } = request.params;
      if (!app.media.signer.verify(accountId, previewMediaId(streamId, signalId), token)) {
        throw new ApiError(403, 'mediaLinkInvalid');
      }
      const playlist = file === 'index.m3u8';
      if (!playlist && !/^seg_\d{5,9}\.ts$/.test(file)) throw new ApiError(404, 'notFound');
      // Whole files: a segment is a few seconds, and ffmpeg may delete it right after it is read.
      const body = await app.media.live.read(`${previewKey(accountId, streamId, signalId)}/${file}`);
      if (!body) throw new ApiError(404, 'notFound');
      return reply
        .type(playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t')
        .header('cache-control', playlist ? 'no-cache' : 'private, max-age=60')
        .send(body);
    },
  );
};

export default mediaRoutes;
