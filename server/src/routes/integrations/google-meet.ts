import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AccountIdQuery, bearer, errors } from '../../http/schemas.ts';
import { undoConnection } from '../../integrations/connect.ts';
import { activityOf } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import { langOf } from '../../lib/i18n.ts';
import { accountOf } from '../../plugins/caller.ts';
import { GoogleMeetStatus, ImportSwitchBody, INTEGRATIONS_PERMISSION, tags } from './schemas.ts';
import { switchImport } from './switch.ts';
import { connectionViews, googleMeetView } from './views.ts';

/** The Google Meet card's calls (SPEC §7; docs/integrations.md "Google Meet"). */
const googleMeetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const current = async (request: FastifyRequest) =>
    (await connectionViews(app, accountOf(request), 'google-meet', langOf(request)))[0];

  app.get(
    '/bff/google-meet/importacao-ativa',
    {
      config: { permission: INTEGRATIONS_PERMISSION },
      schema: {
        tags,
        summary: 'The Google Meet card: integrated, import switch, deauthorized, what was imported',
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: GoogleMeetStatus, ...errors(401, 403, 404) },
      },
    },
    async (request) => googleMeetView(await current(request)),
  );

  app.put(
    '/bff/google-meet/importacao-ativa',
    {
      config: { permission: INTEGRATIONS_PERMISSION, blocked: 'accountBlockedVideos' },
      schema: {
        tags,
        summary: 'Switches the import of Google Meet recordings',
        security: bearer,
        querystring: AccountIdQuery,
        body: ImportSwitchBody,
        response: { 200: GoogleMeetStatus, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const view = await current(request);
      if (!view) throw new ApiError(404, 'integrationNotFound');
      await switchImport(app, request, view.row, request.body.activeImport);
      return googleMeetView(await current(request));
    },
  );

  app.post(
    '/bff/google-meet/deauthorize',
    {
      config: { permission: INTEGRATIONS_PERMISSION },
      schema: {
        tags,
        summary: 'Undoes the Google Meet integration: the grant is revoked at Google',
        security: bearer,
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const view = await current(request);
      if (!view) throw new ApiError(404, 'integrationNotFound');
      await undoConnection(app, view.row, activityOf(request));
      return reply.code(204).send(null);
    },
  );
};

export default googleMeetRoutes;
