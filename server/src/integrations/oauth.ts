import { createHash, randomBytes } from 'node:crypto';
import type { IntegrationProvider } from '../db/tables/integrations.ts';
import { ProviderError, requestJson, str } from './http.ts';

/**
 * OAuth 2.0 authorization-code flow (RFC 6749) with PKCE S256 (RFC 7636), as every provider of the
 * integrations page speaks it; each provider module (zoom.ts, google.ts, …) describes its endpoints
 * with an `OAuthClient`. docs/integrations.md.
 */

/** How long a popup has from its start to the provider's callback. */
export const OAUTH_STATE_TTL_SECONDS = 600;

export interface OAuthClient {
  /** The card the grant is for (a state is bound to it). */
  provider: IntegrationProvider;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Null: the provider has no revocation endpoint (the connection is only forgotten). */
  revokeUrl: string | null;
  /** Exactly as registered at the provider: `${PUBLIC_URL}/bff/<provider>/oauth/callback`. */
  redirectUri: string;
  scopes: readonly string[];
  /** Zoom and Google: PKCE S256. */
  pkce: boolean;
  /** How the client authenticates at the token endpoint: HTTP Basic (Zoom) or form fields (Google). */
  clientAuth: 'basic' | 'body';
  /** Further authorization parameters (Google: offline access, a consent prompt). */
  authorizeParams?: Record<string, string>;
}

export interface TokenSet {
  accessToken: string;
  /** Null when the provider kept the previous one (Google does not rotate refresh tokens). */
  refreshToken: string | null;
  /** Seconds; null when the provider did not say. */
  expiresIn: number | null;
  scope: string | null;
  /** OpenID Connect id_token (Google), for the connected account's id and e-mail. */
  idToken: string | null;
}

/** A random `state` and its stored form (only the hash is kept: a database copy cannot complete a flow). */
export function newState(): { state: string; hash: string } {
  const state = randomBytes(32).toString('base64url');
  return { state, hash: hashState(state) };
}

export function hashState(state: string): string {
  return createHash('sha256').update(state).digest('base64url');
}

/** PKCE: a 43-character verifier and its S256 challenge. */
export function newPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** The provider's consent page for this state. */
export function authorizeUrl(client: OAuthClient, state: string, verifier: string): string {
  const url = new URL(client.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('redirect_uri', client.redirectUri);
  url.searchParams.set('state', state);
  if (client.scopes.length > 0) url.searchParams.set('scope', client.scopes.join(' '));
  if (client.pkce) {
    url.searchParams.set('code_challenge', pkceChallenge(verifier));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  for (const [name, value] of Object.entries(client.authorizeParams ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

function clientHeaders(client: OAuthClient): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (client.clientAuth === 'basic')
    headers.authorization = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
  return headers;
}

function clientFields(client: OAuthClient, fields: Record<string, string>): URLSearchParams {
  const form = new URLSearchParams(fields);
  if (client.clientAuth === 'body') {
    form.set('client_id', client.clientId);
    form.set('client_secret', client.clientSecret);
  }
  return form;
}

function tokenSet(body: unknown): TokenSet {
  const accessToken = str(body, 'access_token');
  if (!accessToken) throw new ProviderError('token answer without access_token', 502);
  const expires = Number((body as Record<string, unknown>).expires_in);
  return {
    accessToken,
    refreshToken: str(body, 'refresh_token'),
    expiresIn: Number.isFinite(expires) && expires > 0 ? expires : null,
    scope: str(body, 'scope'),
    idToken: str(body, 'id_token'),
  };
}

/** Exchanges the callback's code (with the PKCE verifier) for tokens. */
export async function exchangeCode(
  client: OAuthClient,
  code: string,
  verifier: string,
  timeoutMs: number,
): Promise<TokenSet> {
  const fields: Record<string, string> = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirectUri,
  };
  if (client.pkce) fields.code_verifier = verifier;
  const { body } = await requestJson(client.tokenUrl, {
    method: 'POST',
    headers: clientHeaders(client),
    body: clientFields(client, fields).toString(),
    timeoutMs,
  });
  return tokenSet(body);
}

/** A new access token (and, where the provider rotates them, a new refresh token). */
export async function refreshTokens(
  client: OAuthClient,
  refreshToken: string,
  timeoutMs: number,
): Promise<TokenSet> {
  const { body } = await requestJson(client.tokenUrl, {
    method: 'POST',
    headers: clientHeaders(client),
    body: clientFields(client, { grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
    timeoutMs,
  });
  return tokenSet(body);
}

/** Revokes a token at the provider (RFC 7009 form). False when the provider refused or was unreachable. */
export async function revokeToken(client: OAuthClient, token: string, timeoutMs: number): Promise<boolean> {
  if (!client.revokeUrl) return false;
  try {
    await requestJson(client.revokeUrl, {
      method: 'POST',
      headers: clientHeaders(client),
      body: clientFields(client, { token }).toString(),
      timeoutMs,
    });
    return true;
  } catch {
    return false;
  }
}

/** The claims of an id_token received straight from the token endpoint over TLS (OIDC Core 3.1.3.7). */
export function idTokenClaims(idToken: string | null): { sub: string | null; email: string | null } {
  const payload = idToken?.split('.')[1];
  if (!payload) return { sub: null, email: null };
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return { sub: str(claims, 'sub'), email: str(claims, 'email') };
  } catch {
    return { sub: null, email: null };
  }
}
