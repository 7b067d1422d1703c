import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { YoutubeStatus } from '../../../../contract/integrations.ts';
import { deleteConnection, listConnections, upsertConnection } from '../../db/repositories/integrations.ts';
import type { IntegrationConnectionRow } from '../../db/tables/integrations.ts';
import { AccountIdQuery, bearer, errors, Nullable } from '../../http/schemas.ts';
import { ProviderError } from '../../integrations/http.ts';
import { authorizeUrl, exchangeCode, revokeToken } from '../../integrations/oauth.ts';
import { Deauthorized } from '../../integrations/service.ts';
import { youtubeChannel, youtubeUploads } from '../../integrations/youtube.ts';
import { activityOf } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import { langOf } from '../../lib/i18n.ts';
import { accountOf } from '../../plugins/caller.ts';
import { logIntegration, soleConnection } from './connection.ts';
import {
  openCallback,
  POPUP_RESPONSES,
  popupPage,
  popupState,
  providerFailedPage,
  startAuthorisation,
} from './oauth-flow.ts';
import { CallbackQuery, INTEGRATIONS_PERMISSION, OAuthStart, PopupQuery } from './schemas.ts';
import { switchSimulcast } from './switch.ts';

/*
 * The YouTube card (`/bff/palco-youtube/...`): Google OAuth (state + PKCE) for the one scope
 * `youtube`, the simulcast switch (`enabled`), the channel's uploads, and undo (the grant revoked at
 * Google). Nothing is downloaded: YouTube's policies forbid it. docs/integrations.md "YouTube".
 */

const PATH = '/bff/palco-youtube/oauth';
const tags = ['integrations'];
const config = { permission: INTEGRATIONS_PERMISSION };

const Status = Type.Object({
  integrated: Type.Boolean(),
  enabled: Type.Boolean(),
  deauthorized: Type.Boolean(),
  channel: Nullable(Type.Object({ id: Type.String(), title: Type.String() })),
});
const Video = Type.Object({
  id: Type.String(),
  title: Type.String(),
  publishedAt: Type.String(),
  thumbnailUrl: Nullable(Type.String()),
  url: Type.String(),
});

function statusOf(connection: IntegrationConnectionRow | undefined): YoutubeStatus {
  return {
    integrated: connection !== undefined,
    enabled: connection?.enabled ?? false,
    deauthorized: connection?.deauthorized ?? false,
    channel: connection ? { id: connection.external_account_id, title: connection.label ?? '' } : null,
  };
}

const youtubeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const api = () => ({
    apiUrl: app.config.integrations.youtube.apiUrl,
    timeoutMs: app.config.integrations.httpTimeoutMs,
  });
  const client = () => app.integrations.oauthClient('youtube');

  app.post(
    PATH,
    {
      config: { ...config, blocked: 'accountBlockedLives' },
      schema: {
        tags,
        summary: 'Starts a YouTube authorisation: the URL to open in the popup',
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: OAuthStart, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      if (!client()) throw new ApiError(409, 'integrationNotConfigured', { params: { provider: 'YouTube' } });
      return startAuthorisation(app, request, reply, 'youtube', PATH);
    },
  );

  app.get(
    '/bff/palco-youtube/importacao-ativa',
    {
      config,
      schema: {
        tags,
        summary: "The YouTube card's state: integrated, simulcast on, deauthorized, the channel",
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: Status, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => statusOf(await soleConnection(app.db, accountOf(request), 'youtube')),
  );

  app.put(
    '/bff/palco-youtube/importacao-ativa',
    {
      config: { ...config, blocked: 'accountBlockedLives' },
      schema: {
        tags,
        summary: "Switch the simulcast of the team's lives to the YouTube channel on or off",
        description:
          'While on, every live of the team that goes on air is also sent to the channel (docs/integrations.md "Simulcast").',
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({ enabled: Type.Boolean() }),
        response: { 200: Status, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      statusOf(await switchSimulcast(app, request, accountOf(request), 'youtube', request.body.enabled)),
  );

  app.post(
    '/bff/palco-youtube/deauthorize',
    {
      config,
      schema: {
        tags,
        summary: 'Undo the YouTube integration: the grant is revoked at Google and forgotten here',
        security: bearer,
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const connection = await soleConnection(app.db, accountId, 'youtube');
      if (!connection) throw new ApiError(404, 'integrationNotFound');
      const oauth = client();
      const sealed = connection.refresh_token_enc ?? connection.access_token_enc;
      // Revoking the refresh token ends the whole grant (RFC 7009 at Google's endpoint).
      const revoked =
        oauth && sealed
          ? await revokeToken(
              oauth,
              app.integrations.unseal(connection, sealed),
              app.config.integrations.httpTimeoutMs,
            )
          : false;
      await app.db.transaction().execute(async (trx) => {
        await deleteConnection(trx, connection.id);
        await logIntegration(trx, activityOf(request), accountId, 'youtube', 'INTEGRACAO_REMOVIDA', {
          channel: connection.label,
          revoked,
        });
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/bff/palco-youtube/videos',
    {
      config,
      schema: {
        tags,
        summary: "The connected channel's latest uploads (listed, never downloaded)",
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: Type.Array(Video), ...errors(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const connection = await soleConnection(app.db, accountOf(request), 'youtube');
      if (!connection) throw new ApiError(404, 'integrationNotFound');
      if (connection.deauthorized) throw new ApiError(409, 'integrationDeauthorized');
      const playlist =
        typeof connection.data.uploadsPlaylistId === 'string' ? connection.data.uploadsPlaylistId : null;
      if (!playlist) return [];
      try {
        return await app.integrations.withToken(connection.id, (token) =>
          youtubeUploads(api(), token, playlist),
        );
      } catch (error) {
        if (error instanceof Deauthorized) throw new ApiError(409, 'integrationDeauthorized');
        if (error instanceof ProviderError) throw new ApiError(502, 'youtubeUnreachable');
        throw error;
      }
    },
  );
};

export default youtubeRoutes;

/** The popup's public side (no session in a popup): on to Google, and back. */
export const youtubePopupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const api = () => ({
    apiUrl: app.config.integrations.youtube.apiUrl,
    timeoutMs: app.config.integrations.httpTimeoutMs,
  });
  const client = () => app.integrations.oauthClient('youtube');

  app.get(
    PATH,
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: "The YouTube popup: on to Google's consent page",
        querystring: PopupQuery,
        response: POPUP_RESPONSES,
      },
    },
    async (request, reply) => {
      const lang = langOf(request);
      const state = await popupState(app, request, 'youtube');
      if ('key' in state) return popupPage(reply, lang, state.status, state.key);
      const oauth = client();
      if (!oauth) return popupPage(reply, lang, 409, 'integrationNotConfigured', { provider: 'YouTube' });
      return reply.redirect(
        authorizeUrl(oauth, request.query.state, state.code_verifier, state.oidc_nonce),
        302,
      );
    },
  );

  app.get(
    `${PATH}/callback`,
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Where Google sends the YouTube popup back (the registered redirect URI)',
        querystring: CallbackQuery,
        response: POPUP_RESPONSES,
      },
    },
    async (request, reply) => {
      const opened = await openCallback(
        app,
        request,
        reply,
        (provider) => provider === 'youtube',
        () => PATH,
      );
      const { lang } = opened;
      if ('fail' in opened) return popupPage(reply, lang, opened.fail.status, opened.fail.key);
      const { state, code, actor } = opened;
      const oauth = client();
      if (!oauth) return popupPage(reply, lang, 409, 'integrationNotConfigured', { provider: 'YouTube' });
      const timeout = app.config.integrations.httpTimeoutMs;
      let tokens: Awaited<ReturnType<typeof exchangeCode>>;
      let channel: Awaited<ReturnType<typeof youtubeChannel>>;
      try {
        tokens = await exchangeCode(oauth, code, state.code_verifier, timeout, state.oidc_nonce);
        channel = await youtubeChannel(api(), tokens.accessToken);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        request.log.warn(
          { status: error.status, oauth: error.oauthError, reason: error.message },
          'youtube: authorisation failed',
        );
        return providerFailedPage(reply, lang, error);
      }
      if (!channel) {
        await revokeToken(oauth, tokens.refreshToken ?? tokens.accessToken, timeout);
        return popupPage(reply, lang, 400, 'youtubeNoChannel');
      }
      const seal = (secret: string) => app.integrations.seal(state.account_id, 'youtube', secret);
      await app.db.transaction().execute(async (trx) => {
        // One channel per team: another one replaces it.
        for (const old of await listConnections(trx, state.account_id, 'youtube')) {
          if (old.external_account_id !== channel.id) await deleteConnection(trx, old.id);
        }
        await upsertConnection(trx, {
          accountId: state.account_id,
          provider: 'youtube',
          externalAccountId: channel.id,
          label: channel.title,
          accessTokenEnc: seal(tokens.accessToken),
          refreshTokenEnc: tokens.refreshToken ? seal(tokens.refreshToken) : null,
          tokenExpiresAt: tokens.expiresIn === null ? null : new Date(Date.now() + tokens.expiresIn * 1000),
          scopes: tokens.scope ?? oauth.scopes.join(' '),
          data: { uploadsPlaylistId: channel.uploadsPlaylistId },
          createdBy: state.user_id,
        });
        await logIntegration(
          trx,
          { actor, ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
          state.account_id,
          'youtube',
          'INTEGRACAO_AUTORIZADA',
          {
            channel: channel.title,
          },
        );
      });
      return popupPage(reply, lang, 200, 'integrationConnected');
    },
  );
};
