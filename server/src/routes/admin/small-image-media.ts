import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { errors, Uuid } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { SMALL_IMAGE_FILE, smallImageKey } from '../../media/small-images.ts';
import { sendStored } from '../../media/stored-files.ts';

const TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

/**
 * Team thumbnails and user avatars, public: an <img> sends no token, and the unguessable name is the
 * access check (as the stream images). Names never change content: cached for a year.
 */
const smallImageMedia: FastifyPluginAsyncTypebox = async (app) => {
  for (const owner of ['teams', 'users'] as const) {
    app.get(
      `/media/${owner}/:id/:file`,
      {
        config: { permission: 'public' },
        schema: {
          tags: ['teams'],
          summary:
            owner === 'teams'
              ? "A team's thumbnail (the URL the API answers)"
              : "A user's avatar (the URL the API answers)",
          params: Type.Object({
            id: Uuid,
            file: Type.String({ maxLength: 40 }),
          }),
          response: { 200: Type.Any(), ...errors(400, 404) },
        },
      },
      async (request, reply) => {
        const { id, file } = request.params;
        const match = SMALL_IMAGE_FILE.exec(file);
        if (!match) throw new ApiError(404, 'notFound');
        const sent = await sendStored(
          request,
          reply,
          app.media.storage,
          smallImageKey(owner, id.toLowerCase(), file),
          {
            type: TYPES[match[1] as keyof typeof TYPES],
            cache: 'public, max-age=31536000, immutable',
          },
        );
        if (!sent) throw new ApiError(404, 'notFound');
        return reply;
      },
    );
  }
};

export default smallImageMedia;
