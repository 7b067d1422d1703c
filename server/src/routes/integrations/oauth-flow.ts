import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  consumeOAuthState,
  findLiveOAuthState,
  insertOAuthState,
} from '../../db/repositories/integrations.ts';
import { findUserAndSession } from '../../db/repositories/sessions.ts';
import type { IntegrationProvider, OAuthStateRow } from '../../db/tables/integrations.ts';
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
  newNonce,
  newPkce,
  newState,
  OAUTH_STATE_TTL_SECONDS,
  type OAuthClient,
  type TokenSet,
} from '../../integrations/oauth.ts';
import type { ActivityActor } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import { type Lang, langOf, type MessageKey, t } from '../../lib/i18n.ts';
import { accountOf } from '../../plugins/caller.ts';
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

/*
 * Every authorisation popup of the page — the flows below and the YouTube and Facebook cards
 * (youtube.ts, facebook.ts), whose consent and connection differ — shares this: the start (a
 * single-use state bound to the caller, the team and the card), the state check of the popup, the
 * opening of the callback, and the page the popup ends on.
 */

/** The popup's pages: HTML for the person looking at the popup, whatever the outcome. */
const page = (description: string) => ({
  description,
  content: { 'text/html': { schema: Type.String() } },
});
const POPUP_PAGES = {
  400: page('An expired, used or unknown state; a denied or refused authorisation'),
  403: page(
    "The popup's account_id is not the state's team; the popup is not in the browser and session that started it; or the user may no longer integrate",
  ),
  409: page('The provider is not configured on this server'),
};
/** The answers of a popup route and of a callback: a page, or on to the provider. */
export const POPUP_RESPONSES = {
  200: page('The connection is stored: the popup may close'),
  302: { description: "To the provider's consent page", type: 'null' },
  ...POPUP_PAGES,
  502: page('The provider could not be reached'),
} as const;

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

/*
 * The popup's binding (docs/integrations.md "The popup's binding"). The popup address is a bearer
 * link: whoever completes it connects *their* provider account to the starter's team. So the start
 * also gives the starting browser an HttpOnly cookie with a random nonce (only its hash is stored
 * with the state, with the session that asked), and the popup and the callback go on only in a
 * browser that shows that nonce while that session is still signed in. The console's `fetch` of the
 * start is same-origin, so the cookie lands in the browser whose popup then opens; SameSite=Lax is
 * still sent on the provider's top-level redirect back to the callback.
 */

/** One cookie per card (two cards' popups can be open at once), e.g. `palco_oauth_zoom-multi`. */
export const bindingCookieName = (provider: IntegrationProvider) => `palco_oauth_${provider}`;

/** Every card's popup and callback live under `/bff/<card>/`: the cookie goes nowhere else. */
const bindingCookiePath = (popupPath: string) => popupPath.slice(0, popupPath.lastIndexOf('/')) || '/';

function bindingCookie(
  app: FastifyInstance,
  provider: IntegrationProvider,
  popupPath: string,
  value: string,
) {
  const secure = app.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  const maxAge = value ? OAUTH_STATE_TTL_SECONDS : 0;
  return `${bindingCookieName(provider)}=${value}; Path=${bindingCookiePath(popupPath)}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** The value of one cookie of the request, or null. */
function cookieOf(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/**
 * Null when the request comes from the browser that started this state (its cookie's nonce hashes to
 * the stored one) and the session that started it is still signed in (not ended, no sign-out
 * everywhere or password change since); otherwise the page saying so.
 */
async function bindingProblem(
  app: FastifyInstance,
  request: FastifyRequest,
  state: OAuthStateRow,
): Promise<PageOf | null> {
  const refused: PageOf = { status: 403, key: 'integrationOtherBrowser' };
  const nonce = cookieOf(request, bindingCookieName(state.provider));
  if (!nonce || !state.browser_hash) return refused;
  const shown = Buffer.from(hashState(nonce));
  const stored = Buffer.from(state.browser_hash);
  if (shown.length !== stored.length || !timingSafeEqual(shown, stored)) return refused;
  if (!state.session_id || state.token_version === null) return refused;
  const found = await findUserAndSession(app.db, state.user_id, state.session_id);
  if (!found || found.user.token_version !== state.token_version) return refused;
  return null;
}

/**
 * Starts an authorisation for the working team: a state (with its PKCE verifier and, for OIDC, its
 * nonce) bound to this browser (the cookie set on `reply`) and this session; the popup's URL.
 */
export async function startAuthorisation(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  provider: IntegrationProvider,
  path: string,
): Promise<{ url: string }> {
  const accountId = accountOf(request);
  const auth = request.auth!;
  const { state, hash } = newState();
  const browserNonce = randomBytes(32).toString('base64url');
  await insertOAuthState(app.db, {
    stateHash: hash,
    accountId,
    userId: auth.user.id,
    provider,
    codeVerifier: newPkce().verifier,
    lang: langOf(request),
    browserHash: hashState(browserNonce),
    // An API key is no browser session: its state can never be completed.
    sessionId: auth.apiKey ? null : auth.session.id,
    tokenVersion: auth.user.token_version,
    oidcNonce: newNonce(),
    ttlSeconds: OAUTH_STATE_TTL_SECONDS,
  });
  reply.header('set-cookie', bindingCookie(app, provider, path, browserNonce));
  const url = new URL(`${app.config.publicUrl}${path}`);
  url.searchParams.set('account_id', accountId);
  url.searchParams.set('state', state);
  return { url: url.toString() };
}

type PageOf = { status: number; key: MessageKey; params?: Record<string, string | number> };

/** The page of a failed code exchange: an id_token that did not verify says so. */
export function providerFailedPage(reply: FastifyReply, lang: Lang, error: ProviderError) {
  const key =
    error.oauthError === 'invalid_id_token' ? 'integrationIdTokenInvalid' : 'integrationProviderFailed';
  return popupPage(reply, lang, error.retryable ? 502 : 400, key);
}

/**
 * The popup's state, still unused, of this card and of the popup's team, opened in the browser and
 * session that started it; or the page saying why not (nobody is sent to the provider then).
 */
export async function popupState(
  app: FastifyInstance,
  request: FastifyRequest<{ Querystring: { account_id: string; state: string } }>,
  provider: IntegrationProvider,
): Promise<OAuthStateRow | PageOf> {
  const { query } = request;
  const state = await findLiveOAuthState(app.db, hashState(query.state));
  if (!state || state.provider !== provider) return { status: 400, key: 'integrationStateInvalid' };
  if (state.account_id !== query.account_id.toLowerCase())
    return { status: 403, key: 'integrationAccountMismatch' };
  return (await bindingProblem(app, request, state)) ?? state;
}

/**
 * The opening of a callback: the state used up (atomically: a replayed callback finds nothing; a
 * denied or failed authorisation cannot be resumed), of a card this callback serves; in the browser
 * and session that started it (else the code is never exchanged: nothing is connected or imported);
 * the provider's code; the user who started it, still allowed to integrate in the team. Or the page
 * saying why not — in the language of the user who started it once the state is known to be theirs.
 * The binding cookie is cleared either way.
 */
export async function openCallback(
  app: FastifyInstance,
  request: FastifyRequest<{ Querystring: { state?: string; code?: string; error?: string } }>,
  reply: FastifyReply,
  serves: (provider: IntegrationProvider) => boolean,
  popupPath: (provider: IntegrationProvider) => string,
): Promise<
  { lang: Lang; state: OAuthStateRow; code: string; actor: ActivityActor } | { lang: Lang; fail: PageOf }
> {
  const { query } = request;
  const state = query.state ? await consumeOAuthState(app.db, hashState(query.state)) : undefined;
  if (!state || !serves(state.provider))
    return { lang: langOf(request), fail: { status: 400, key: 'integrationStateInvalid' } };
  reply.header('set-cookie', bindingCookie(app, state.provider, popupPath(state.provider), ''));
  const unbound = await bindingProblem(app, request, state);
  if (unbound) {
    request.log.warn(
      { provider: state.provider, accountId: state.account_id },
      'oauth callback refused: not the browser and session that started it',
    );
    return { lang: langOf(request), fail: unbound };
  }
  const lang: Lang = state.lang === 'en' ? 'en' : 'pt-BR';
  if (query.error) return { lang, fail: { status: 400, key: 'integrationDenied' } };
  if (!query.code) return { lang, fail: { status: 400, key: 'integrationProviderFailed' } };
  const user = await stateUser(app, state);
  if (!user) return { lang, fail: { status: 403, key: 'forbidden' } };
  return { lang, state, code: query.code, actor: user.actor };
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
              "A single-use state (10 minutes) bound to the caller's session, the team and the card, and to this browser by an HttpOnly cookie; the popup URL is the spec path with `account_id` and that state, and works only in this browser while this session lasts. docs/integrations.md",
            security: bearer,
            querystring: AccountIdQuery,
            response: { 200: OAuthStart, ...errors(401, 403, 404, 409) },
          },
        },
        async (request, reply) => {
          if (!app.integrations.oauthClient(flow.provider))
            throw new ApiError(409, 'integrationNotConfigured', { params: { provider: flow.label } });
          return startAuthorisation(app, request, reply, flow.provider, flow.path);
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
          const state = await popupState(app, request, flow.provider);
          if ('key' in state) return popupPage(reply, lang, state.status, state.key);
          const client = app.integrations.oauthClient(flow.provider);
          if (!client)
            return popupPage(reply, lang, 409, 'integrationNotConfigured', { provider: flow.label });
          return reply.redirect(
            authorizeUrl(client, request.query.state, state.code_verifier, state.oidc_nonce),
            302,
          );
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
            200: POPUP_RESPONSES[200],
            ...POPUP_PAGES,
            502: POPUP_RESPONSES[502],
          },
        },
      },
      async (request, reply) => {
        const opened = await openCallback(
          app,
          request,
          reply,
          (provider) => byProvider.has(provider),
          (provider) => byProvider.get(provider)!.path,
        );
        const { lang } = opened;
        if ('fail' in opened) return popupPage(reply, lang, opened.fail.status, opened.fail.key);
        const { state, code } = opened;
        const flow = byProvider.get(state.provider)!;
        const client = app.integrations.oauthClient(flow.provider);
        if (!client) return popupPage(reply, lang, 409, 'integrationNotConfigured', { provider: flow.label });
        let tokens: TokenSet;
        let identity: Identity;
        const timeout = app.config.integrations.httpTimeoutMs;
        try {
          tokens = await exchangeCode(client, code, state.code_verifier, timeout, state.oidc_nonce);
          identity = await flow.identify(app, tokens, client);
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          request.log.warn(
            { provider: flow.provider, status: error.status, oauth: error.oauthError, reason: error.message },
            'oauth exchange refused',
          );
          return providerFailedPage(reply, lang, error);
        }
        try {
          await connectWithTokens(app, {
            state,
            client,
            tokens,
            identity,
            rules: flow.rules,
            actor: opened.actor,
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
