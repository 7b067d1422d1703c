import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ZOOM_MAX_ACCOUNTS } from '../../../../contract/integrations.ts';
import type { IntegrationProvider } from '../../db/tables/integrations.ts';
import { AccountIdQuery, bearer, errors } from '../../http/schemas.ts';
import { undoConnection } from '../../integrations/connect.ts';
import { activityOf } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import { langOf } from '../../lib/i18n.ts';
import { accountOf } from '../../plugins/caller.ts';
import {
  INTEGRATIONS_PERMISSION,
  tags,
  ZoomAccount,
  ZoomDeauthorizeBody,
  ZoomImportBody,
  ZoomMultiImportBody,
  ZoomMultiStatus,
} from './schemas.ts';
import { switchImport } from './switch.ts';
import { connectionViews, zoomAccountView, zoomMultiView } from './views.ts';

const config = { permission: INTEGRATIONS_PERMISSION };
const configOn = { permission: INTEGRATIONS_PERMISSION, blocked: 'accountBlockedVideos' as const };

/** The Zoom cards' calls (SPEC §7; docs/integrations.md "Zoom"). */
const zoomRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const views = (request: FastifyRequest, provider: IntegrationProvider) =>
    connectionViews(app, accountOf(request), provider, langOf(request));

  const pick = async (request: FastifyRequest, provider: IntegrationProvider, zoomAccountId?: string) => {
    const all = await views(request, provider);
    const chosen =
      zoomAccountId === undefined ? all : all.filter((v) => v.row.external_account_id === zoomAccountId);
    if (chosen.length === 0) throw new ApiError(404, 'integrationNotFound');
    return chosen;
  };

  app.get(
    '/bff/zoom/status-token',
    {
      config,
      schema: {
        tags,
        summary: 'The Zoom card: its connected account, as a list (empty: not integrated)',
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: Type.Array(ZoomAccount), ...errors(401, 403, 404) },
      },
    },
    async (request) => (await views(request, 'zoom')).map(zoomAccountView),
  );

  app.get(
    '/bff/zoom/status-token-multi',
    {
      config,
      schema: {
        tags,
        summary: `The Zoom multi-account card: up to ${ZOOM_MAX_ACCOUNTS} accounts`,
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: ZoomMultiStatus, ...errors(401, 403, 404) },
      },
    },
    async (request) => zoomMultiView(await views(request, 'zoom-multi')),
  );

  app.put(
    '/bff/zoom/importacao-ativa',
    {
      config: configOn,
      schema: {
        tags,
        summary: "Switches the import of the Zoom card's account",
        security: bearer,
        querystring: AccountIdQuery,
        body: ZoomImportBody,
        response: { 200: ZoomAccount, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const [view] = await pick(request, 'zoom', request.body.zoomAccountId);
      await switchImport(app, request, view!.row, request.body.activeImport);
      const [now] = await pick(request, 'zoom', request.body.zoomAccountId);
      return zoomAccountView(now!);
    },
  );

  app.put(
    '/bff/zoom/importacao-ativa-multi',
    {
      config: configOn,
      schema: {
        tags,
        summary: 'Switches the import of one account of the multi-account card, or of all of them',
        security: bearer,
        querystring: AccountIdQuery,
        body: ZoomMultiImportBody,
        response: { 200: ZoomMultiStatus, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const chosen = await pick(request, 'zoom-multi', request.body.zoomAccountId);
      // All at once: the deauthorized ones are left as they are (their switch is disabled).
      const targets =
        request.body.zoomAccountId === undefined ? chosen.filter((v) => !v.row.deauthorized) : chosen;
      for (const view of targets) await switchImport(app, request, view.row, request.body.activeImport);
      return zoomMultiView(await views(request, 'zoom-multi'));
    },
  );

  for (const [path, provider] of [
    ['/bff/zoom/deauthorize', 'zoom'],
    ['/bff/zoom/deauthorize-multi', 'zoom-multi'],
  ] as const) {
    app.post(
      path,
      {
        config,
        schema: {
          tags,
          summary:
            provider === 'zoom'
              ? "Undoes the Zoom card's integration: the token is revoked at Zoom"
              : 'Undoes one account of the multi-account card (zoomAccountId), or all of them',
          security: bearer,
          querystring: AccountIdQuery,
          body: Type.Optional(ZoomDeauthorizeBody),
          response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const chosen = await pick(request, provider, request.body?.zoomAccountId);
        for (const view of chosen) await undoConnection(app, view.row, activityOf(request));
        return reply.code(204).send(null);
      },
    );
  }
};

export default zoomRoutes;
