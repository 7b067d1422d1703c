import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type FakeAnswer, type FakeRequest, form, html, json, redirect } from './http-kit.ts';

/**
 * A strict OAuth 2.0 authorization server (RFC 6749 code grant, RFC 7636 PKCE S256, RFC 7009
 * revocation), the part every provider fake shares: one registered client (its secret checked, by
 * HTTP Basic or form fields as the provider wants), redirect URIs compared exactly, single-use codes
 * that expire, PKCE S256 required (a code asked for without a challenge, or exchanged without the
 * verifier of its challenge, is refused), refresh tokens rotated (Zoom) or kept (Google), revocation
 * honoured, an OpenID Connect id_token (signed, with the authorization request's `nonce`) when the
 * `openid` scope was asked for, and a consent page with 'Autorizar' / 'Negar' buttons, as a browser in
 * the e2e sees it.
 */

export interface FakeUser {
  id: string;
  email: string;
  name: string;
}

export interface OAuthServerOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  clientAuth: 'basic' | 'body';
  /** A new refresh token at each refresh, the old one then refused (Zoom); false: kept (Google). */
  rotateRefresh: boolean;
  accessTtlSeconds: number;
  /** A signed OpenID Connect id_token for the user (Google), given for the `openid` scope. */
  idToken?: (claims: IdTokenClaims) => Promise<string>;
  /** The product shown on the consent page. */
  productName: string;
}

interface Grant {
  user: FakeUser;
  scope: string;
  /** The authorization request's OpenID Connect nonce, echoed in the id_token. */
  nonce: string | null;
}

export interface IdTokenClaims {
  iss: string;
  sub: string;
  aud: string;
  email: string;
  email_verified: boolean;
  iat: number;
  exp: number;
  nonce?: string;
}

const token = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class FakeOAuthServer {
  users: FakeUser[];
  /** The user who consents on the next consent page. */
  currentUser: FakeUser;
  /** Every access and refresh token handed out (tests search the app's answers and logs for them). */
  readonly issued: string[] = [];
  readonly revoked: string[] = [];
  /** Token requests seen, by grant type. */
  readonly tokenCalls: Record<string, number> = {};
  /** Code exchanges refused for PKCE (no challenge at authorize, or a verifier that does not match). */
  pkceRefusals = 0;
  /** Knob: claims the next id_tokens carry instead of the right ones (a wrong iss, aud, exp, nonce). */
  idTokenOverrides: Partial<IdTokenClaims> | null = null;
  private readonly pending = new Map<string, { params: URLSearchParams; user: FakeUser }>();
  private readonly codes = new Map<
    string,
    { grant: Grant; redirectUri: string; challenge: string | null; expires: number }
  >();
  private readonly access = new Map<string, { grant: Grant; expires: number }>();
  private readonly refresh = new Map<string, Grant>();

  constructor(readonly options: OAuthServerOptions) {
    this.users = [{ id: 'user-1', email: 'ana@example.com', name: 'Ana Souza' }];
    this.currentUser = this.users[0]!;
  }

  setUser(user: FakeUser): void {
    if (!this.users.some((u) => u.id === user.id)) this.users.push(user);
    this.currentUser = user;
  }

  /** The user of a valid bearer token, or null (expired, revoked, unknown). */
  userOf(authorization: string | undefined): FakeUser | null {
    const match = /^Bearer (.+)$/.exec(authorization ?? '');
    const found = match ? this.access.get(match[1]!) : undefined;
    if (!found || found.expires <= Date.now()) return null;
    return found.grant.user;
  }

  /** Knob: every access token expires now (the next API call gets 401). */
  expireTokens(): void {
    for (const entry of this.access.values()) entry.expires = 0;
  }

  /** Knob: the user removed the app: all their tokens stop working. */
  deauthorize(userId: string): void {
    for (const [value, entry] of this.access) if (entry.grant.user.id === userId) this.access.delete(value);
    for (const [value, grant] of this.refresh) if (grant.user.id === userId) this.refresh.delete(value);
  }

  /** `GET <authorize>`: checks the request, then shows the consent page. */
  authorize(request: FakeRequest): FakeAnswer {
    const q = request.url.searchParams;
    if (q.get('client_id') !== this.options.clientId) return html(400, '<p>invalid_client</p>');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!this.options.redirectUris.includes(redirectUri)) return html(400, '<p>redirect_uri_mismatch</p>');
    if (q.get('response_type') !== 'code')
      return this.back(redirectUri, q, { error: 'unsupported_response_type' });
    const method = q.get('code_challenge_method');
    if (q.get('code_challenge') && method !== 'S256')
      return this.back(redirectUri, q, { error: 'invalid_request' });
    const id = token('consent');
    this.pending.set(id, { params: q, user: this.currentUser });
    return html(
      200,
      `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(this.options.productName)}</title></head>
<body><h1>${escapeHtml(this.options.productName)}</h1>
<p>Palco quer acessar a conta ${escapeHtml(this.currentUser.email)} (${escapeHtml(q.get('scope') ?? '')}).</p>
<form method="post" action="/_consent"><input type="hidden" name="consent" value="${id}">
<button type="submit" name="decision" value="allow">Autorizar</button>
<button type="submit" name="decision" value="deny">Negar</button></form></body></html>`,
    );
  }

  /** `POST /_consent`: the user's decision, back to the redirect URI. */
  consent(request: FakeRequest): FakeAnswer {
    const f = form(request);
    const pending = this.pending.get(f.get('consent') ?? '');
    if (!pending) return html(400, '<p>consent expired</p>');
    this.pending.delete(f.get('consent') ?? '');
    const q = pending.params;
    const redirectUri = q.get('redirect_uri') ?? '';
    if (f.get('decision') !== 'allow') return this.back(redirectUri, q, { error: 'access_denied' });
    const code = token('code');
    this.codes.set(code, {
      grant: { user: pending.user, scope: q.get('scope') ?? 'default', nonce: q.get('nonce') },
      redirectUri,
      challenge: q.get('code_challenge'),
      expires: Date.now() + 60_000,
    });
    return this.back(redirectUri, q, { code });
  }

  private back(redirectUri: string, q: URLSearchParams, fields: Record<string, string>): FakeAnswer {
    const url = new URL(redirectUri);
    for (const [k, v] of Object.entries(fields)) url.searchParams.set(k, v);
    const state = q.get('state');
    if (state !== null) url.searchParams.set('state', state);
    return redirect(url.toString());
  }

  private clientOk(request: FakeRequest, fields: URLSearchParams): boolean {
    let id: string | null;
    let secret: string | null;
    if (this.options.clientAuth === 'basic') {
      const match = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
      const [user, pass] = match ? Buffer.from(match[1]!, 'base64').toString('utf8').split(':') : [];
      id = user ?? null;
      secret = pass ?? null;
    } else {
      id = fields.get('client_id');
      secret = fields.get('client_secret');
    }
    if (id !== this.options.clientId || secret === null) return false;
    const a = Buffer.from(secret);
    const b = Buffer.from(this.options.clientSecret);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  private async issue(grant: Grant, refreshToken: string | null, withIdToken: boolean): Promise<FakeAnswer> {
    const accessToken = token('at');
    this.access.set(accessToken, { grant, expires: Date.now() + this.options.accessTtlSeconds * 1000 });
    this.issued.push(accessToken);
    const body: Record<string, unknown> = {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: this.options.accessTtlSeconds,
      scope: grant.scope,
    };
    let refreshOut = refreshToken;
    if (refreshOut === null) {
      refreshOut = token('rt');
      this.refresh.set(refreshOut, grant);
      this.issued.push(refreshOut);
    }
    body.refresh_token = refreshOut;
    if (withIdToken && this.options.idToken && grant.scope.split(' ').includes('openid')) {
      const now = Math.floor(Date.now() / 1000);
      body.id_token = await this.options.idToken({
        iss: 'https://accounts.google.com',
        sub: grant.user.id,
        aud: this.options.clientId,
        email: grant.user.email,
        email_verified: true,
        iat: now,
        exp: now + 3600,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
        ...this.idTokenOverrides,
      });
    }
    return json(200, body, { 'cache-control': 'no-store' });
  }

  /** `POST <token>`: authorization_code and refresh_token grants. */
  async tokenEndpoint(request: FakeRequest): Promise<FakeAnswer> {
    const f = form(request);
    if (!this.clientOk(request, f)) return json(401, { error: 'invalid_client' });
    const grantType = f.get('grant_type') ?? '';
    this.tokenCalls[grantType] = (this.tokenCalls[grantType] ?? 0) + 1;
    if (grantType === 'authorization_code') {
      const code = f.get('code') ?? '';
      const entry = this.codes.get(code);
      // Single use: gone at the first exchange, whatever its outcome.
      this.codes.delete(code);
      if (!entry || entry.expires < Date.now()) return json(400, { error: 'invalid_grant' });
      if (f.get('redirect_uri') !== entry.redirectUri) return json(400, { error: 'invalid_grant' });
      // PKCE is required: a code asked for without a challenge is as useless as a wrong verifier.
      const verifier = f.get('code_verifier') ?? '';
      const computed = createHash('sha256').update(verifier).digest('base64url');
      if (entry.challenge === null || !verifier || computed !== entry.challenge) {
        this.pkceRefusals += 1;
        return json(400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
      }
      return this.issue(entry.grant, null, true);
    }
    if (grantType === 'refresh_token') {
      const old = f.get('refresh_token') ?? '';
      const grant = this.refresh.get(old);
      if (!grant) return json(400, { error: 'invalid_grant' });
      if (!this.options.rotateRefresh) {
        const answer = await this.issue(grant, old, false);
        const body = JSON.parse(answer.body ?? '{}') as Record<string, unknown>;
        delete body.refresh_token;
        return json(200, body);
      }
      this.refresh.delete(old);
      return this.issue(grant, null, false);
    }
    return json(400, { error: 'unsupported_grant_type' });
  }

  /** `POST <revoke>`: the token (access or refresh) and, for a refresh token, its whole grant. */
  revoke(request: FakeRequest): FakeAnswer {
    const f = form(request);
    const value = f.get('token') ?? request.url.searchParams.get('token') ?? '';
    if (this.options.clientAuth === 'basic' && !this.clientOk(request, f))
      return json(401, { error: 'invalid_client' });
    if (!value) return json(400, { error: 'invalid_request' });
    this.revoked.push(value);
    const grant = this.refresh.get(value) ?? this.access.get(value)?.grant;
    this.access.delete(value);
    this.refresh.delete(value);
    if (grant) {
      for (const [t, e] of this.access) if (e.grant === grant) this.access.delete(t);
      for (const [t, g] of this.refresh) if (g === grant) this.refresh.delete(t);
    }
    return json(200, { status: 'success' });
  }
}
