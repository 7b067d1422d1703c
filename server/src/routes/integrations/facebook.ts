import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { FacebookStatus } from '../../../../contract/integrations.ts';
import { deleteConnection, listConnections, upsertConnection } from '../../db/repositories/integrations.ts';
import type { IntegrationConnectionRow } from '../../db/tables/integrations.ts';
import { AccountIdQuery, bearer, errors, Nullable } from '../../http/schemas.ts';
import {
  exchangeFacebookCode,
  FACEBOOK_SCOPES,
  type FacebookApi,
  facebookDialogUrl,
  facebookPage,
  revokeFacebook,
} from '../../integrations/facebook.ts';
import { ProviderError } from '../../integrations/http.ts';
import { activityOf } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import { langOf } from '../../lib/i18n.ts';
import { accountOf } from '../../plugins/caller.ts';
import { logIntegration, soleConnection } from './connection.ts';
import { openCallback, POPUP_RESPONSES, popupPage, popupState, startAuthorisation } from './oauth-flow.ts';
import { CallbackQuery, INTEGRATIONS_PERMISSION, OAuthStart, PopupQuery } from './schemas.ts';
import { switchSimulcast } from './switch.ts';

/*
 * The Facebook Live card: Facebook Login in a popup (state and PKCE S256, bound to the browser), the
 * first granted Page and its Page token kept sealed, the simulcast switch, undo (the grant revoked).
 * The spec's `facebook_token` cookie is only a flag (`1`) the callback sets and undo clears: no token
 * ever leaves the server. docs/integrations.md "Facebook Live".
 */

const PATH = '/bff/facebook/oauth';
const COOKIE = 'facebook_token';
const tags = ['integrations'];
const config = { permission: INTEGRATIONS_PERMISSION };

const Status = Type.Object({
  integrated: Type.Boolean(),
  enabled: Type.Boolean(),
  deauthorized: Type.Boolean(),
  page: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
});

/** The Facebook app of the server, or null when it has none. */
export function facebookApi(app: FastifyInstance): FacebookApi | null {
  const { facebook, httpTimeoutMs } = app.config.integrations;
  if (!facebook.appId || !facebook.appSecret) return null;
  return {
    dialogUrl: facebook.dialogUrl,
    graphUrl: facebook.graphUrl,
    appId: facebook.appId,
    appSecret: facebook.appSecret,
    redirectUri: `${app.config.publicUrl}${PATH}/callback`,
    timeoutMs: httpTimeoutMs,
  };
}

function statusOf(connection: IntegrationConnectionRow | undefined): FacebookStatus {
  return {
    integrated: connection !== undefined,
    enabled: connection?.enabled ?? false,
    deauthorized: connection?.deauthorized ?? false,
    page: connection ? { id: connection.external_account_id, name: connection.label ?? '' } : null,
  };
}

/** The flag cookie: readable by the console's script (it holds no secret), for ten years like the spec's. */
const flagCookie = (value: string, maxAge: number) =>
  `${COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;

const facebookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    PATH,
    {
      config: { ...config, blocked: 'accountBlockedLives' },
      schema: {
        tags,
        summary: 'Starts a Facebook Login: the URL to open in the popup',
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: OAuthStart, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      if (!facebookApi(app))
        throw new ApiError(409, 'integrationNotConfigured', { params: { provider: 'Facebook' } });
      return startAuthorisation(app, request, reply, 'facebook', PATH);
    },
  );

  app.get(
    '/bff/facebook/status',
    {
      config,
      schema: {
        tags,
        summary: "The Facebook card's state: integrated, simulcast on, the Page (no token)",
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: Status, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => statusOf(await soleConnection(app.db, accountOf(request), 'facebook')),
  );

  app.put(
    '/bff/facebook/status',
    {
      config: { ...config, blocked: 'accountBlockedLives' },
      schema: {
        tags,
        summary: "Switch the simulcast of the team's lives to the Facebook Page on or off",
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({ enabled: Type.Boolean() }),
        response: { 200: Status, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      statusOf(await switchSimulcast(app, request, accountOf(request), 'facebook', request.body.enabled)),
  );

  app.post(
    '/bff/facebook/deauthorize',
    {
      config,
      schema: {
        tags,
        summary: 'Undo the Facebook integration: the grant is revoked at Facebook and forgotten here',
        security: bearer,
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const connection = await soleConnection(app.db, accountId, 'facebook');
      if (!connection) throw new ApiError(404, 'integrationNotFound');
      const api = facebookApi(app);
      const revoked =
        api && connection.secret_enc
          ? await revokeFacebook(api, app.integrations.unseal(connection, connection.secret_enc))
          : false;
      await app.db.transaction().execute(async (trx) => {
        await deleteConnection(trx, connection.id);
        await logIntegration(trx, activityOf(request), accountId, 'facebook', 'INTEGRACAO_REMOVIDA', {
          page: connection.label,
          revoked,
        });
      });
      return reply.code(204).header('set-cookie', flagCookie('', 0)).send(null);
    },
  );
};

export default facebookRoutes;

/** The popup's public side: on to the Login dialog, and back. */
export const facebookPopupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    PATH,
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: "The Facebook popup: on to Facebook's Login dialog",
        querystring: PopupQuery,
        response: POPUP_RESPONSES,
      },
    },
    async (request, reply) => {
      const lang = langOf(request);
      const state = await popupState(app, request, 'facebook');
      if ('key' in state) return popupPage(reply, lang, state.status, state.key);
      const api = facebookApi(app);
      if (!api) return popupPage(reply, lang, 409, 'integrationNotConfigured', { provider: 'Facebook' });
      return reply.redirect(facebookDialogUrl(api, request.query.state, state.code_verifier), 302);
    },
  );

  app.get(
    `${PATH}/callback`,
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Where Facebook sends the popup back (the registered redirect URI)',
        querystring: CallbackQuery,
        response: POPUP_RESPONSES,
      },
    },
    async (request, reply) => {
      const opened = await openCallback(
        app,
        request,
        reply,
        (provider) => provider === 'facebook',
        () => PATH,
      );
      const { lang } = opened;
      if ('fail' in opened) return popupPage(reply, lang, opened.fail.status, opened.fail.key);
      const { state, code, actor } = opened;
      const api = facebookApi(app);
      if (!api) return popupPage(reply, lang, 409, 'integrationNotConfigured', { provider: 'Facebook' });
      let userToken: string;
      let page: Awaited<ReturnType<typeof facebookPage>>;
      try {
        userToken = await exchangeFacebookCode(api, code, state.code_verifier);
        page = await facebookPage(api, userToken);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        request.log.warn({ status: error.status }, 'facebook: authorisation failed');
        return popupPage(reply, lang, error.retryable ? 502 : 400, 'integrationProviderFailed');
      }
      if (!page) {
        await revokeFacebook(api, userToken);
        return popupPage(reply, lang, 400, 'facebookNoPage');
      }
      const seal = (secret: string) => app.integrations.seal(state.account_id, 'facebook', secret);
      await app.db.transaction().execute(async (trx) => {
        for (const old of await listConnections(trx, state.account_id, 'facebook')) {
          if (old.external_account_id !== page.id) await deleteConnection(trx, old.id);
        }
        await upsertConnection(trx, {
          accountId: state.account_id,
          provider: 'facebook',
          externalAccountId: page.id,
          label: page.name,
          accessTokenEnc: seal(page.token),
          refreshTokenEnc: null,
          secretEnc: seal(userToken),
          tokenExpiresAt: null,
          scopes: FACEBOOK_SCOPES.join(','),
          createdBy: state.user_id,
        });
        await logIntegration(
          trx,
          { actor, ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
          state.account_id,
          'facebook',
          'INTEGRACAO_AUTORIZADA',
          {
            page: page.name,
          },
        );
      });
      reply.header('set-cookie', flagCookie('1', 3650 * 86_400));
      return popupPage(reply, lang, 200, 'integrationConnected');
    },
  );
};
