import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { INTEGRATION_CARDS } from '../../../../contract/integrations.ts';
import { AccountIdQuery, bearer, errors } from '../../http/schemas.ts';
import { GOOGLE_MEET_FLOWS, ZOOM_FLOWS } from './flows.ts';
import googleMeetRoutes from './google-meet.ts';
import { oauthPopupRoutes, oauthStartRoutes } from './oauth-flow.ts';
import { INTEGRATIONS_PERMISSION, tags } from './schemas.ts';
import zoomRoutes from './zoom.ts';
import zoomWebhook from './zoom-webhook.ts';

const providersRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/bff/integrations/providers',
    {
      config: { permission: INTEGRATIONS_PERMISSION },
      schema: {
        tags,
        summary: 'Per card, whether the server holds the credentials its provider needs',
        security: bearer,
        querystring: AccountIdQuery,
        response: {
          200: Type.Object({
            providers: Type.Object(
              Object.fromEntries(
                INTEGRATION_CARDS.map((card) => [card, Type.Object({ configured: Type.Boolean() })]),
              ),
            ),
          }),
          ...errors(401, 403, 404),
        },
      },
    },
    async () => ({
      providers: Object.fromEntries(
        INTEGRATION_CARDS.map((card) => [card, { configured: app.integrations.configured(card) }]),
      ),
    }),
  );
};

/** The integrations page's calls, in the authenticated scope (docs/integrations.md). */
export const integrationRoutes: FastifyPluginAsync = async (app) => {
  await app.register(providersRoute);
  await app.register(oauthStartRoutes([...ZOOM_FLOWS, ...GOOGLE_MEET_FLOWS]));
  await app.register(zoomRoutes);
  await app.register(googleMeetRoutes);
};

/** What providers and popups reach without a session: the popups, the callbacks, Zoom's notifications. */
export const integrationPublicRoutes: FastifyPluginAsync = async (app) => {
  await app.register(oauthPopupRoutes(ZOOM_FLOWS, '/bff/zoom/oauth/callback'));
  await app.register(oauthPopupRoutes(GOOGLE_MEET_FLOWS, '/bff/google-meet/oauth/callback'));
  await app.register(zoomWebhook);
};
