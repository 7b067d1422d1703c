import { type TSchema, Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  type ConnectionTokens,
  deleteConnection,
  listConnections,
  upsertConnection,
} from '../../db/repositories/integrations.ts';
import type { IntegrationConnectionRow, OAuthStateRow } from '../../db/tables/integrations.ts';
import { AccountIdQuery, bearer, errors } from '../../http/schemas.ts';
import { ProviderError } from '../../integrations/http.ts';
import { activityOf } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import { langOf, type MessageKey } from '../../lib/i18n.ts';
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
 * A simulcast destination's card (YouTube, Facebook Live; docs/integrations.md "Simulcast"): the same
 * routes for each, told apart by the provider's own parts below. The authorisation in a popup (state
 * and PKCE, bound to the browser), the card's state and switch, undo (the grant revoked at the
 * provider and forgotten here); the connection holds the one destination (channel, Page) a team has.
 */

const tags = ['integrations'];
const config = { permission: INTEGRATIONS_PERMISSION };

/** What the provider answered an authorisation with: the destination and its sealed-to-be secrets. */
export interface Authorised {
  externalAccountId: string;
  label: string;
  /** The tokens to keep (plain; sealed here). */
  accessToken: string;
  refreshToken: string | null;
  /** A secret beside the tokens (Facebook's user token, for the revocation). */
  secret?: string;
  tokenExpiresAt: Date | null;
  scopes: string;
  data?: Record<string, unknown>;
  /** The activity log's fields of the authorisation and of its undo (the destination's name). */
  logged: Record<string, unknown>;
}

export interface Destination {
  provider: 'youtube' | 'facebook';
  /** The provider's name in messages ("YouTube"). */
  name: string;
  /** The popup's path (`POST` starts it, `GET` opens it, `/callback` ends it). */
  oauthPath: string;
  statusPath: string;
  deauthorizePath: string;
  Status: TSchema;
  statusOf(connection: IntegrationConnectionRow | undefined): unknown;
  summaries: {
    start: string;
    status: string;
    switch: string;
    switchDescription?: string;
    deauthorize: string;
    popup: string;
    callback: string;
  };
  /** Whether the server has this provider's app. */
  configured(app: FastifyInstance): boolean;
  /** The provider's consent page for this popup's state, or null when the server has no app. */
  dialogUrl(app: FastifyInstance, state: string, row: OAuthStateRow): string | null;
  /** The code exchanged and the destination read; null when the account has none (revoked then). */
  authorise(app: FastifyInstance, code: string, row: OAuthStateRow): Promise<Authorised | null>;
  /** The key the popup shows when the account has no destination. */
  noDestination: MessageKey;
  /** The activity log's fields of an undo. */
  removedFields(connection: IntegrationConnectionRow): Record<string, unknown>;
  /** Revokes the connection's grant at the provider; whether it did. */
  revoke(app: FastifyInstance, connection: IntegrationConnectionRow): Promise<boolean>;
  /** A header the console reads after a change (Facebook's flag cookie), `connected` or not. */
  flag?(reply: FastifyReply, connected: boolean): void;
}

/** The card's signed-in routes: start, state, switch and undo. */
export function registerDestinationRoutes(app: FastifyInstance, d: Destination) {
  const { provider } = d;
  app.post(
    d.oauthPath,
    {
      config: { ...config, blocked: 'accountBlockedLives' },
      schema: {
        tags,
        summary: d.summaries.start,
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: OAuthStart, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      if (!d.configured(app))
        throw new ApiError(409, 'integrationNotConfigured', { params: { provider: d.name } });
      return startAuthorisation(app, request, reply, provider, d.oauthPath);
    },
  );

  app.get(
    d.statusPath,
    {
      config,
      schema: {
        tags,
        summary: d.summaries.status,
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: d.Status, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => d.statusOf(await soleConnection(app.db, accountOf(request), provider)),
  );

  app.put<{ Body: { enabled: boolean } }>(
    d.statusPath,
    {
      config: { ...config, blocked: 'accountBlockedLives' },
      schema: {
        tags,
        summary: d.summaries.switch,
        ...(d.summaries.switchDescription ? { description: d.summaries.switchDescription } : {}),
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({ enabled: Type.Boolean() }),
        response: { 200: d.Status, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      d.statusOf(await switchSimulcast(app, request, accountOf(request), provider, request.body.enabled)),
  );

  app.post(
    d.deauthorizePath,
    {
      config,
      schema: {
        tags,
        summary: d.summaries.deauthorize,
        security: bearer,
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const connection = await soleConnection(app.db, accountId, provider);
      if (!connection) throw new ApiError(404, 'integrationNotFound');
      const revoked = await d.revoke(app, connection);
      await app.db.transaction().execute(async (trx) => {
        await deleteConnection(trx, connection.id);
        await logIntegration(trx, activityOf(request), accountId, provider, 'INTEGRACAO_REMOVIDA', {
          ...d.removedFields(connection),
          revoked,
        });
      });
      d.flag?.(reply, false);
      return reply.code(204).send(null);
    },
  );
}

/** The popup's public side (no session in a popup): on to the provider, and back. */
export function registerDestinationPopupRoutes(app: FastifyInstance, d: Destination) {
  const { provider } = d;
  app.get<{ Querystring: { account_id: string; state: string } }>(
    d.oauthPath,
    {
      config: { permission: 'public' },
      schema: { tags, summary: d.summaries.popup, querystring: PopupQuery, response: POPUP_RESPONSES },
    },
    async (request, reply) => {
      const lang = langOf(request);
      const state = await popupState(app, request, provider);
      if ('key' in state) return popupPage(reply, lang, state.status, state.key);
      const url = d.dialogUrl(app, request.query.state, state);
      if (!url) return popupPage(reply, lang, 409, 'integrationNotConfigured', { provider: d.name });
      return reply.redirect(url, 302);
    },
  );

  app.get(
    `${d.oauthPath}/callback`,
    {
      config: { permission: 'public' },
      schema: { tags, summary: d.summaries.callback, querystring: CallbackQuery, response: POPUP_RESPONSES },
    },
    async (request, reply) => {
      const opened = await openCallback(
        app,
        request as never,
        reply,
        (p) => p === provider,
        () => d.oauthPath,
      );
      const { lang } = opened;
      if ('fail' in opened) return popupPage(reply, lang, opened.fail.status, opened.fail.key);
      const { state, code, actor } = opened;
      if (!d.configured(app)) {
        return popupPage(reply, lang, 409, 'integrationNotConfigured', { provider: d.name });
      }
      let authorised: Authorised | null;
      try {
        authorised = await d.authorise(app, code, state);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        request.log.warn(
          { status: error.status, oauth: error.oauthError, reason: error.message },
          `${provider}: authorisation failed`,
        );
        return providerFailedPage(reply, lang, error);
      }
      if (!authorised) return popupPage(reply, lang, 400, d.noDestination);
      const a = authorised;
      const seal = (secret: string) => app.integrations.seal(state.account_id, provider, secret);
      const tokens: ConnectionTokens = {
        accessTokenEnc: seal(a.accessToken),
        refreshTokenEnc: a.refreshToken ? seal(a.refreshToken) : null,
        tokenExpiresAt: a.tokenExpiresAt,
        scopes: a.scopes,
      };
      await app.db.transaction().execute(async (trx) => {
        // One destination per team: another one replaces it.
        for (const old of await listConnections(trx, state.account_id, provider)) {
          if (old.external_account_id !== a.externalAccountId) await deleteConnection(trx, old.id);
        }
        await upsertConnection(trx, {
          ...tokens,
          accountId: state.account_id,
          provider,
          externalAccountId: a.externalAccountId,
          label: a.label,
          ...(a.secret ? { secretEnc: seal(a.secret) } : {}),
          ...(a.data ? { data: a.data } : {}),
          createdBy: state.user_id,
        });
        await logIntegration(
          trx,
          { actor, ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
          state.account_id,
          provider,
          'INTEGRACAO_AUTORIZADA',
          a.logged,
        );
      });
      d.flag?.(reply, true);
      return popupPage(reply, lang, 200, 'integrationConnected');
    },
  );
}
