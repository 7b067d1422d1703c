import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { YoutubeStatus } from '../../../../contract/integrations.ts';
import type { IntegrationConnectionRow } from '../../db/tables/integrations.ts';
import { AccountIdQuery, bearer, errors, Nullable } from '../../http/schemas.ts';
import { ProviderError } from '../../integrations/http.ts';
import { authorizeUrl, exchangeCode, revokeToken } from '../../integrations/oauth.ts';
import { Deauthorized } from '../../integrations/service.ts';
import { youtubeChannel, youtubeUploads } from '../../integrations/youtube.ts';
import { ApiError } from '../../lib/errors.ts';
import { accountOf } from '../../plugins/caller.ts';
import { soleConnection } from './connection.ts';
import {
  type Destination,
  registerDestinationPopupRoutes,
  registerDestinationRoutes,
} from './destination.ts';
import { INTEGRATIONS_PERMISSION } from './schemas.ts';

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

const apiOf = (app: FastifyInstance) => ({
  apiUrl: app.config.integrations.youtube.apiUrl,
  timeoutMs: app.config.integrations.httpTimeoutMs,
});

const youtube: Destination = {
  provider: 'youtube',
  name: 'YouTube',
  oauthPath: PATH,
  statusPath: '/bff/palco-youtube/importacao-ativa',
  deauthorizePath: '/bff/palco-youtube/deauthorize',
  Status,
  statusOf,
  summaries: {
    start: 'Starts a YouTube authorisation: the URL to open in the popup',
    status: "The YouTube card's state: integrated, simulcast on, deauthorized, the channel",
    switch: "Switch the simulcast of the team's lives to the YouTube channel on or off",
    switchDescription:
      'While on, every live of the team that goes on air is also sent to the channel (docs/integrations.md "Simulcast").',
    deauthorize: 'Undo the YouTube integration: the grant is revoked at Google and forgotten here',
    popup: "The YouTube popup: on to Google's consent page",
    callback: 'Where Google sends the YouTube popup back (the registered redirect URI)',
  },
  configured: (app) => app.integrations.oauthClient('youtube') !== null,
  dialogUrl: (app, state, row) => {
    const oauth = app.integrations.oauthClient('youtube');
    return oauth ? authorizeUrl(oauth, state, row.code_verifier, row.oidc_nonce) : null;
  },
  authorise: async (app, code, row) => {
    const oauth = app.integrations.oauthClient('youtube')!;
    const timeout = app.config.integrations.httpTimeoutMs;
    const tokens = await exchangeCode(oauth, code, row.code_verifier, timeout, row.oidc_nonce);
    const channel = await youtubeChannel(apiOf(app), tokens.accessToken);
    if (!channel) {
      await revokeToken(oauth, tokens.refreshToken ?? tokens.accessToken, timeout);
      return null;
    }
    return {
      externalAccountId: channel.id,
      label: channel.title,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? null,
      tokenExpiresAt: tokens.expiresIn === null ? null : new Date(Date.now() + tokens.expiresIn * 1000),
      scopes: tokens.scope ?? oauth.scopes.join(' '),
      data: { uploadsPlaylistId: channel.uploadsPlaylistId },
      logged: { channel: channel.title },
    };
  },
  noDestination: 'youtubeNoChannel',
  removedFields: (connection) => ({ channel: connection.label }),
  revoke: async (app, connection) => {
    const oauth = app.integrations.oauthClient('youtube');
    const sealed = connection.refresh_token_enc ?? connection.access_token_enc;
    // Revoking the refresh token ends the whole grant (RFC 7009 at Google's endpoint).
    return oauth && sealed
      ? revokeToken(oauth, app.integrations.unseal(connection, sealed), app.config.integrations.httpTimeoutMs)
      : false;
  },
};

const youtubeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerDestinationRoutes(app, youtube);
  const api = () => apiOf(app);

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
export const youtubePopupRoutes: FastifyPluginAsyncTypebox = async (app) =>
  registerDestinationPopupRoutes(app, youtube);
