import multipart from '@fastify/multipart';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { replaceAvatar } from '../../db/repositories/users.ts';
import { AccountIdQuery, bearer, errors, Nullable, Uuid } from '../../http/schemas.ts';
import { toRecord } from '../../lib/activity.ts';
import { MAX_SMALL_IMAGE_BYTES, removeSmallImage, saveSmallImage } from '../../media/small-images.ts';
import { readSmallImage } from '../videos/multipart.ts';
import { logOwnAction } from './own-activity.ts';

const Profile = Type.Object({
  id: Uuid,
  name: Type.String(),
  email: Type.String(),
  avatar: Nullable(Type.String()),
});

/** The own avatar, in the small-images store (served by GET /media/users/:id/:file). */
const avatarRoutes: FastifyPluginAsyncTypebox = async (app) => {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  app.post(
    '/v1/me/avatar',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['session'],
        summary: "Set the signed-in user's own avatar",
        description: `multipart field \`file\`: PNG, JPEG or WebP, checked by content and decoded, at most ${MAX_SMALL_IMAGE_BYTES} bytes; stored scaled into 512×512. The old picture's URL answers 404 afterwards. Logs \`PERFIL_ATUALIZADO\`.`,
        security: bearer,
        consumes: ['multipart/form-data'],
        querystring: AccountIdQuery,
        response: { 200: Profile, ...errors(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const user = auth.user;
      const bytes = await readSmallImage(request);
      const url = await saveSmallImage(app.media.storage, 'users', user.id, bytes);
      const previous = await app.db.transaction().execute(async (trx) => {
        const replaced = await replaceAvatar(trx, user.id, url);
        await logOwnAction(trx, request, 'PERFIL_ATUALIZADO', toRecord({ avatar: url }));
        return replaced;
      });
      await removeSmallImage(app.media.storage, 'users', user.id, previous);
      return { id: user.id, name: user.name, email: user.login, avatar: url };
    },
  );
};

export default avatarRoutes;
