import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findLiveOAuthState, insertOAuthState } from '../../db/repositories/integrations.ts';
import { findUserById } from '../../db/repositories/users.ts';
import type { IntegrationProvider, OAuthStateRow } from '../../db/tables/integrations.ts';
import { errors } from '../../http/schemas.ts';
import { hashState, newPkce, newState, OAUTH_STATE_TTL_SECONDS } from '../../integrations/oauth.ts';
import { type ActivityActor, actorOf } from '../../lib/activity.ts';
import { type Lang, langOf, type MessageKey, t } from '../../lib/i18n.ts';
import { accountOf } from '../streams/view.ts';

/*
 * The popup side of the YouTube and Facebook cards (docs/integrations.md): the console starts an
 * authorisation (`POST <path>`: a single-use state bound to the caller, the team and the card), opens
 * `GET <path>?account_id&state` in the popup, which goes on to the provider's consent page; the
 * provider sends the popup back to `<path>/callback`, which ends on a small page.
 */

export const INTEGRATIONS_PERMISSION = {
  anyOf: ['palcoDeveloper', 'integrations'] as ['palcoDeveloper', 'integrations'],
};

export const OAuthStartAnswer = Type.Object({ url: Type.String() });
export const PopupQuery = Type.Object({
  account_id: Type.String({ format: 'uuid' }),
  state: Type.String({ minLength: 20, maxLength: 200 }),
});
/** The provider always sends the state back (Palco always sends one). */
export const CallbackQuery = Type.Object({
  state: Type.String({ minLength: 20, maxLength: 200 }),
  code: Type.Optional(Type.String({ maxLength: 2000 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_reason: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 1000 })),
  error_code: Type.Optional(Type.String({ maxLength: 50 })),
  scope: Type.Optional(Type.String({ maxLength: 2000 })),
});

/** The answers of a popup route: its page (success or the reason it failed), or on to the provider. */
export const PopupResponses = {
  200: Type.String({ description: 'the page the popup ends on (text/html)' }),
  302: Type.Null({ description: "on to the provider's consent page" }),
  // A refused state or a denial ends on a page too (text/html); a malformed request is the JSON error.
  ...errors(400),
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The small page a popup ends on (the console polls the status and closes the popup). */
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

/** Starts an authorisation for the working team: the popup's URL. */
export async function startAuthorisation(
  app: FastifyInstance,
  request: FastifyRequest,
  provider: IntegrationProvider,
  path: string,
): Promise<{ url: string }> {
  const accountId = accountOf(request);
  const { state, hash } = newState();
  await insertOAuthState(app.db, {
    stateHash: hash,
    accountId,
    userId: request.auth!.user.id,
    provider,
    codeVerifier: newPkce().verifier,
    lang: langOf(request),
    ttlSeconds: OAUTH_STATE_TTL_SECONDS,
  });
  const url = new URL(`${app.config.publicUrl}${path}`);
  url.searchParams.set('account_id', accountId);
  url.searchParams.set('state', state);
  return { url: url.toString() };
}

/** The popup's state, still unused, of this card and team; or the page saying why not. */
export async function popupState(
  app: FastifyInstance,
  query: { account_id: string; state: string },
  provider: IntegrationProvider,
): Promise<OAuthStateRow | { status: number; key: MessageKey }> {
  const state = await findLiveOAuthState(app.db, hashState(query.state));
  if (!state || state.provider !== provider) return { status: 400, key: 'integrationStateInvalid' };
  if (state.account_id !== query.account_id.toLowerCase())
    return { status: 403, key: 'integrationAccountMismatch' };
  return state;
}

/** Who started the authorisation, while they still belong to the team (or are staff). */
export async function stateActor(app: FastifyInstance, state: OAuthStateRow): Promise<ActivityActor | null> {
  const user = await findUserById(app.db, state.user_id);
  return user ? actorOf(user) : null;
}
