import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  consumeOAuthState,
  findLiveOAuthState,
  insertOAuthState,
} from '../../db/repositories/integrations.ts';
import type { IntegrationProvider } from '../../db/tables/integrations.ts';
import { AccountIdQuery, bearer, errors } from '../../http/schemas.ts';
import {
  type ConnectRules,
  connectWithTokens,
  type Identity,
  stateUser,
} from '../../integrations/connect.ts';
import { ProviderError } from '../../integrations/http.ts';
import {
  authorizeUrl,
  exchangeCode,
  hashState,
  newPkce,
  newState,
  OAUTH_STATE_TTL_SECONDS,
  type OAuthClient,
  type TokenSet,
} from '../../integrations/oauth.ts';
import { ApiError } from '../../lib/errors.ts';
import { type Lang, langOf, type MessageKey, t } from '../../lib/i18n.ts';
import { accountOf } from '../streams/view.ts';
import { CallbackQuery, INTEGRATIONS_PERMISSION, OAuthStart, PopupQuery, tags } from './schemas.ts';

/** One authorisation popup of the page: a card, its spec path, how to tell whose tokens came back. */
export interface OAuthFlow {
  provider: IntegrationProvider;
  /** The spec's popup path, e.g. `/bff/zoom/oauth` (the start call is a POST to the same path). */
  path: string;
  /** The provider's name in messages. */
  label: string;
  identify(app: FastifyInstance, tokens: TokenSet, client: OAuthClient): Promise<Identity>;
  rules: ConnectRules;
}

/** The popup's pages: HTML for the person looking at the popup, whatever the outcome. */
const page = (description: string) => ({
  description,
  content: { 'text/html': { schema: Type.String() } },
});
const POPUP_PAGES = {
  400: page('An expired, used or unknown state; a denied or refused authorisation'),
  403: page("The popup's account_id is not the state's team, or the user may no longer integrate"),
  409: page('The provider is not configured on this server'),
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The small page a popup ends on. The console polls the status and closes the popup once it shows
 * the connection; a failure stays on screen until the user closes it (the console then reports it).
 */
export function popupPage(
  reply: FastifyReply,
  lang: Lang,
  status: number,
  key: MessageKey,
  params: Record<string, string | number> = {},
) {
  const text = escapeHtml(t(lang, key, params));
  const ok = status < 400;
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${text}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0;color:#1f2430}
p{max-width:28rem;text-align:center;font-size:1.1rem;padding:1rem;border-radius:8px;background:${ok ? '#e8f6ee' : '#fdecec'}}</style>
</head><body><p role="${ok ? 'status' : 'alert'}" data-result="${ok ? 'success' : 'error'}">${text}</p></body></html>`;
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}

/** `POST <path>`: starts an authorisation for the working team and answers the popup's URL. */
export function oauthStartRoutes(flows: readonly OAuthFlow[]): FastifyPluginAsyncTypebox {
  return async (app) => {
    for (const flow of flows) {
      app.post(
        flow.path,
        {
          config: { permission: INTEGRATIONS_PERMISSION, blocked: 'accountBlockedVideos' },
          schema: {
            tags,
            summary: `Starts a ${flow.label} authorisation: the URL to open in the popup`,
            description:
              'A single-use state (10 minutes) bound to the caller, the team and the card; the popup URL is the spec path with `account_id` and that state. docs/integrations.md',
            security: bearer,
            querystring: AccountIdQuery,
            response: { 200: OAuthStart, ...errors(401, 403, 404, 409) },
          },
        },
        async (request) => {
          const accountId = accountOf(request);
          const client = app.integrations.oauthClient(flow.provider);
          if (!client)
            throw new ApiError(409, 'integrationNotConfigured', { params: { provider: flow.label } });
          const { state, hash } = newState();
          const { verifier } = newPkce();
          await insertOAuthState(app.db, {
            stateHash: hash,
            accountId,
            userId: request.auth!.user.id,
            provider: flow.provider,
            codeVerifier: verifier,
            lang: langOf(request),
            ttlSeconds: OAUTH_STATE_TTL_SECONDS,
          });
          const url = new URL(`${app.config.publicUrl}${flow.path}`);
          url.searchParams.set('account_id', accountId);
          url.searchParams.set('state', state);
          return { url: url.toString() };
        },
      );
    }
  };
}

/**
 * The public side of the popups: `GET <path>?account_id&state` sends the popup on to the provider's
 * consent page (with PKCE), `GET <callback>` takes the provider's answer: the state is used up
 * (atomically: a replayed callback finds nothing), the code exchanged with the verifier, the tokens
 * stored sealed. Every failure ends on the popup page with its reason; none is a 5xx.
 */
export function oauthPopupRoutes(
  flows: readonly OAuthFlow[],
  callbackPath: string,
): FastifyPluginAsyncTypebox {
  return async (app) => {
    const byProvider = new Map(flows.map((flow) => [flow.provider, flow]));
    for (const flow of flows) {
      app.get(
        flow.path,
        {
          config: { permission: 'public' },
          schema: {
            tags,
            summary: `The ${flow.label} authorisation popup: redirects to the provider's consent page`,
            querystring: PopupQuery,
            response: {
              302: { description: "To the provider's consent page", type: 'null' },
              ...POPUP_PAGES,
            },
          },
        },
        async (request, reply) => {
          const lang = langOf(request);
          const state = await findLiveOAuthState(app.db, hashState(request.query.state));
          if (!state || state.provider !== flow.provider)
            return popupPage(reply, lang, 400, 'integrationStateInvalid');
          if (state.account_id !== request.query.account_id)
            return popupPage(reply, lang, 403, 'integrationAccountMismatch');
          const client = app.integrations.oauthClient(flow.provider);
          if (!client)
            return popupPage(reply, lang, 409, 'integrationNotConfigured', { provider: flow.label });
          return reply.redirect(authorizeUrl(client, request.query.state, state.code_verifier), 302);
        },
      );
    }

    app.get(
      callbackPath,
      {
        config: { permission: 'public' },
        schema: {
          tags,
          summary: `Where ${flows.map((f) => f.label).join(' and ')} send the popup back (the registered redirect URI)`,
          querystring: CallbackQuery,
          response: {
            200: page('The connection is stored: the popup may close'),
            ...POPUP_PAGES,
            502: page('The provider could not be reached'),
          },
        },
      },
      async (request, reply) => {
        const { query } = request;
        let lang = langOf(request);
        // A state is used whatever the answer: a denied or failed authorisation cannot be resumed.
        const state = query.state ? await consumeOAuthState(app.db, hashState(query.state)) : undefined;
        const flow = state ? byProvider.get(state.provider) : undefined;
        if (!state || !flow) return popupPage(reply, lang, 400, 'integrationStateInvalid');
        lang = state.lang === 'en' ? 'en' : 'pt-BR';
        if (query.error) return popupPage(reply, lang, 400, 'integrationDenied');
        if (!query.code) return popupPage(reply, lang, 400, 'integrationProviderFailed');
        const client = app.integrations.oauthClient(flow.provider);
        if (!client) return popupPage(reply, lang, 409, 'integrationNotConfigured', { provider: flow.label });
        const user = await stateUser(app, state);
        if (!user) return popupPage(reply, lang, 403, 'forbidden');
        let tokens: TokenSet;
        let identity: Identity;
        const timeout = app.config.integrations.httpTimeoutMs;
        try {
          tokens = await exchangeCode(client, query.code, state.code_verifier, timeout);
          identity = await flow.identify(app, tokens, client);
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          request.log.warn(
            { provider: flow.provider, status: error.status, oauth: error.oauthError },
            'oauth exchange refused',
          );
          return popupPage(reply, lang, error.retryable ? 502 : 400, 'integrationProviderFailed');
        }
        try {
          await connectWithTokens(app, {
            state,
            client,
            tokens,
            identity,
            rules: flow.rules,
            actor: user.actor,
          });
        } catch (error) {
          if (error instanceof ApiError && error.key === 'integrationZoomLimit')
            return popupPage(reply, lang, 409, 'integrationZoomLimit', { max: flow.rules.max ?? 0 });
          throw error;
        }
        return popupPage(reply, lang, 200, 'integrationConnected');
      },
    );
  };
}
