import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { replaceAccountThumbnail } from '../../db/repositories/accounts.ts';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import { AccountIdQuery, bearer, errors } from '../../http/schemas.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import { MAX_SMALL_IMAGE_BYTES, removeSmallImage, saveSmallImage } from '../../media/small-images.ts';
import { accountOf } from '../../plugins/caller.ts';
import { readSmallImage } from '../videos/multipart.ts';
import { AccountSettings, readSettings, SETTINGS } from './settings.ts';

/** The team's logo from /account/settings: the same picture as the team's thumbnail in /teams. */
const accountLogoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  app.post(
    '/v1/account/logo',
    {
      config: { permission: SETTINGS, blocked: 'accountBlockedContent' },
      schema: {
        tags: ['account'],
        summary: "Set the team's logo (its thumbnail in the team selector)",
        description: `multipart field \`file\`: PNG, JPEG or WebP, checked by content and decoded, at most ${MAX_SMALL_IMAGE_BYTES} bytes; stored scaled into 512×512. Logs \`CONTA_ATUALIZADA\`.`,
        security: bearer,
        consumes: ['multipart/form-data'],
        querystring: AccountIdQuery,
        response: { 200: AccountSettings, ...errors(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const bytes = await readSmallImage(request);
      const url = await saveSmallImage(app.media.storage, 'teams', accountId, bytes);
      const previous = await app.db.transaction().execute(async (trx) => {
        const replaced = await replaceAccountThumbnail(trx, accountId, url);
        await recordActivity(trx, {
          ...activityOf(request),
          accountId,
          event: 'CONTA_ATUALIZADA',
          identifier: replaced.name,
          record: toRecord({ logo: url }),
        });
        return replaced.previous;
      });
      await removeSmallImage(app.media.storage, 'teams', accountId, previous);
      return readSettings(app.db, accountId);
    },
  );
};

export default accountLogoRoutes;
