import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';
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
  /** An OpenID Connect provider (Google): a `nonce` goes with the authorization request and every
   * id_token it sends is verified (signature, issuer, audience, expiry, nonce) before it is used. */
  oidc?: OidcProvider;
}

export interface OidcProvider {
  /** The `iss` values the provider's id_tokens carry (Google documents two spellings). */
  issuers: readonly string[];
  /** Where its signing keys are published (the discovery document's `jwks_uri`). */
  jwksUrl: string;
}

export interface TokenSet {
  accessToken: string;
  /** Null when the provider kept the previous one (Google does not rotate refresh tokens). */
  refreshToken: string | null;
  /** Seconds; null when the provider did not say. */
  expiresIn: number | null;
  scope: string | null;
  /** OpenID Connect id_token (Google), as received. */
  idToken: string | null;
  /** Its claims, once verified by `exchangeCode` (null: no id_token, or a client without OIDC). */
  idClaims: IdClaims | null;
}

export interface IdClaims {
  sub: string;
  email: string | null;
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

/** A random OpenID Connect `nonce` (kept with the state; the id_token must echo it). */
export function newNonce(): string {
  return randomBytes(24).toString('base64url');
}

/** The provider's consent page for this state (and, for an OIDC provider, this nonce). */
export function authorizeUrl(
  client: OAuthClient,
  state: string,
  verifier: string,
  nonce: string | null = null,
): string {
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
  if (client.oidc && nonce) url.searchParams.set('nonce', nonce);
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
    idClaims: null,
  };
}

/**
 * Exchanges the callback's code (with the PKCE verifier) for tokens. For an OIDC provider the
 * id_token, when one comes, is verified against the state's nonce before anything reads it; a
 * refused one is a non-retryable `ProviderError` whose oauthError is `invalid_id_token`.
 */
export async function exchangeCode(
  client: OAuthClient,
  code: string,
  verifier: string,
  timeoutMs: number,
  nonce: string | null = null,
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
  const tokens = tokenSet(body);
  if (client.oidc && tokens.idToken)
    tokens.idClaims = await verifyIdToken(client.oidc, client.clientId, tokens.idToken, nonce, timeoutMs);
  return tokens;
}

/** One key set per provider URL: jose caches the keys and refetches on an unknown `kid`. */
const keySets = new Map<string, JWTVerifyGetKey>();

/** Verification failures that say the token is bad (not that the keys could not be fetched). */
const REFUSED = new Set([
  'ERR_JWT_CLAIM_VALIDATION_FAILED',
  'ERR_JWT_EXPIRED',
  'ERR_JWT_INVALID',
  'ERR_JWS_INVALID',
  'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
  'ERR_JWKS_NO_MATCHING_KEY',
  'ERR_JWKS_MULTIPLE_MATCHING_KEYS',
  'ERR_JOSE_ALG_NOT_ALLOWED',
  'ERR_JOSE_NOT_SUPPORTED',
]);

/**
 * OpenID Connect Core 3.1.3.7 through jose: the signature with the provider's published keys, `iss`
 * one of the provider's, `aud` our client id, `exp` not past (a minute of clock skew), and the
 * `nonce` of this flow's state — so an id_token minted for another client, another flow or long ago
 * connects nothing. docs/security.md "OAuth popups bound to their browser".
 */
export async function verifyIdToken(
  oidc: OidcProvider,
  clientId: string,
  idToken: string,
  nonce: string | null,
  timeoutMs: number,
): Promise<IdClaims> {
  let keys = keySets.get(oidc.jwksUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(oidc.jwksUrl), { timeoutDuration: timeoutMs });
    keySets.set(oidc.jwksUrl, keys);
  }
  const refused = (why: string) => new ProviderError(`id_token refused: ${why}`, 400, 'invalid_id_token');
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(idToken, keys, {
      issuer: [...oidc.issuers],
      audience: clientId,
      algorithms: ['RS256', 'ES256'],
      clockTolerance: 60,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError && REFUSED.has(error.code)) throw refused(error.code);
    throw new ProviderError('the provider signing keys could not be read', 502);
  }
  if (!nonce || claims.nonce !== nonce) throw refused('nonce');
  // Several audiences: the token must have been issued to us (authorized party).
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== clientId) throw refused('azp');
  const sub = str(claims, 'sub');
  if (!sub) throw refused('sub');
  return { sub, email: str(claims, 'email') };
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
