import { type KeyObject, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { purgeOldActivity } from '../db/repositories/activity-log.ts';
import { findApiKeyBySecretHash, touchApiKey } from '../db/repositories/api-keys.ts';
import { purgeStaleAddressAttempts, purgeStaleLoginAttempts } from '../db/repositories/login-failures.ts';
import {
  createSession,
  findSessionAuth,
  purgeExpiredSessions,
  setSessionTeam,
} from '../db/repositories/sessions.ts';
import type { UserRow } from '../db/tables/users.ts';
import { ApiError } from '../lib/errors.ts';
import { getDummyHash } from '../lib/password.ts';
import { keyFromSecret, signToken, TOKEN_TTL_SECONDS, tokenVerifier } from '../lib/tokens.ts';
import {
  API_KEY_PREFIX,
  hashApiKey,
  isApiKeyShaped,
  keyPepper,
  LastUse,
  scopeToKey,
} from '../services/api-keys.ts';
import {
  type AuthContext,
  authContextOf,
  defaultAccountId,
  loadAuthContext,
  roleIn,
  selectedAccountId,
} from '../services/session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: 401 unless the request carries a valid, unrevoked token. Sets `request.auth`. */
    authenticate: onRequestAsyncHookHandler;
    /**
     * Like `authenticate`, for the few public routes that act as the person when a token comes along
     * (accepting an invitation): an API key is refused with 403, since a key never acts as the person.
     */
    authenticatePerson: onRequestAsyncHookHandler;
    /** The caller behind a session token, or a 401 ApiError (the websocket's hello carries one). */
    authenticateToken(token: string): Promise<AuthContext>;
    /** Starts a login: a new session and its token, carrying the user's current token version. The team
     * is chosen later, or kept from the session a re-issued token replaces (`selectedAccountId`). */
    issueToken(user: UserRow, selectedAccountId?: string | null): Promise<string>;
    /** HS256 key (exposed for tests that craft tokens). */
    jwtKey: Uint8Array;
    /** Keyed-hash pepper of API keys (services/api-keys.ts), derived from the signing secret. */
    apiKeyPepper: KeyObject;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** JWT_SECRET, or a secret generated on first start and kept (mode 600) in DATA_DIR/jwt-secret. */
async function loadSecret(app: FastifyInstance): Promise<string> {
  const { jwtSecret, dataDir } = app.config;
  if (jwtSecret) return jwtSecret;
  const file = join(dataDir, 'jwt-secret');
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    app.log.info({ file }, 'generated a JWT secret (set JWT_SECRET to share one between instances)');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds fewer than 32 characters; delete it to regenerate`);
  return secret;
}

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

export default fp(
  async (app) => {
    const key = keyFromSecret(await loadSecret(app));
    app.decorate('jwtKey', key);
    const pepper = keyPepper(key);
    app.decorate('apiKeyPepper', pepper);
    app.decorateRequest('auth', null);
    // Computed now so the first unknown-login attempt does not pay for it (and stand out by timing).
    await getDummyHash();

    app.decorate('issueToken', async (user: UserRow, selected: string | null = null) => {
      const sid = await createSession(app.db, user.id, new Date(Date.now() + TOKEN_TTL_SECONDS * 1000));
      if (selected) await setSessionTeam(app.db, sid, selected);
      const auth = await loadAuthContext(app.db, user, { id: sid, selectedAccountId: selected });
      const role = roleIn(auth, selectedAccountId(auth) ?? defaultAccountId(auth));
      return signToken(key, { sub: user.id, ver: user.token_version, sid, cargo: role?.nome ?? null });
    });

    // Kept per instance while the database's notifications are received (plugins/notified-caches.ts).
    const cache = app.sessionCache;

    const verify = tokenVerifier(key);
    async function authenticateToken(token: string, arrivedAt?: number): Promise<AuthContext> {
      const result = await verify(token);
      if (!result.ok)
        throw new ApiError(401, result.reason === 'expired' ? 'sessionExpired' : 'sessionInvalid');
      const { sub, ver, sid } = result.claims;
      const found =
        UUID.test(sub) && UUID.test(sid)
          ? await cache.find(sub, sid, () => findSessionAuth(app.db, sub, sid), arrivedAt)
          : undefined;
      // A token signed before the last logout or password change carries an older version.
      if (!found || found.user.token_version !== ver) throw new ApiError(401, 'sessionExpired');
      const { user, session, memberships } = found;
      return authContextOf(
        user,
        { id: session.id, selectedAccountId: session.selected_account_id },
        memberships,
      );
    }
    app.decorate('authenticateToken', authenticateToken);

    const lastUse = new LastUse();
    /** The creator narrowed to the key, read on every call: a revoke holds from the next request. */
    async function authenticateApiKey(secret: string): Promise<AuthContext> {
      const found = isApiKeyShaped(secret)
        ? await findApiKeyBySecretHash(app.db, hashApiKey(pepper, secret))
        : undefined;
      if (!found || found.key.revoked_at) throw new ApiError(401, 'apiKeyInvalid');
      if (found.key.expired) throw new ApiError(401, 'apiKeyExpired');
      const { key: apiKey, user } = found;
      const full = await loadAuthContext(app.db, user, {
        id: apiKey.id,
        selectedAccountId: apiKey.account_id,
      });
      const scoped = scopeToKey(full, apiKey);
      if (!scoped) throw new ApiError(401, 'apiKeyInvalid');
      if (lastUse.due(apiKey.id))
        touchApiKey(app.db, apiKey.id).catch((error: unknown) =>
          app.log.warn({ err: error }, 'could not record the last use of an API key'),
        );
      return scoped;
    }

    app.decorate('authenticate', async function authenticate(request) {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new ApiError(401, 'unauthenticated');
      request.auth = token.startsWith(API_KEY_PREFIX)
        ? await authenticateApiKey(token)
        : await authenticateToken(token, request.arrivedAt);
    } satisfies onRequestAsyncHookHandler);

    app.decorate('authenticatePerson', async function authenticatePerson(request) {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new ApiError(401, 'unauthenticated');
      if (token.startsWith(API_KEY_PREFIX)) throw new ApiError(403, 'apiKeyNotAllowed');
      request.auth = await authenticateToken(token, request.arrivedAt);
    } satisfies onRequestAsyncHookHandler);

    // Login attempts older than any window are of no use, nor log entries past their retention
    // (ACTIVITY_RETENTION_DAYS); every instance may run this, harmlessly.
    const purge = () =>
      Promise.all([
        purgeStaleLoginAttempts(app.db, 24 * 60),
        purgeStaleAddressAttempts(app.db, 24 * 60),
        purgeExpiredSessions(app.db),
        purgeOldActivity(app.db, app.config.activityRetentionDays),
      ]).catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not purge old login attempts, sessions or log entries'),
      );
    await purge();
    const timer = setInterval(purge, PURGE_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'auth', dependencies: ['db', 'notified-caches'] },
);
