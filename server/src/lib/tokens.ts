import { errors, jwtVerify, SignJWT } from 'jose';

export const TOKEN_TTL_SECONDS = 12 * 60 * 60;

export interface TokenClaims {
  /** User id. */
  sub: string;
  /** The user's token version when signed; a different current version means revoked. */
  ver: number;
  /** Role name in the team the user works in (the console reads it from the token). */
  cargo: string | null;
  /** The login (sessions row) the token belongs to. */
  sid: string;
}

export function keyFromSecret(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signToken(key: Uint8Array, claims: TokenClaims): Promise<string> {
  return new SignJWT({ ver: claims.ver, cargo: claims.cargo, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
    .sign(key);
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyToken(key: Uint8Array, token: string): Promise<VerifyResult> {
  const result = await verifyWithExpiry(key, token);
  return result.ok ? { ok: true, claims: result.claims } : result;
}

/** `verifyToken`, also giving the `exp` jose checked (seconds since the epoch). */
async function verifyWithExpiry(
  key: Uint8Array,
  token: string,
): Promise<{ ok: true; claims: TokenClaims; exp: number } | { ok: false; reason: 'expired' | 'invalid' }> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
    });
    const { sub, ver, cargo, sid, exp } = payload;
    if (
      typeof sub !== 'string' ||
      typeof ver !== 'number' ||
      !Number.isInteger(ver) ||
      typeof sid !== 'string' ||
      typeof exp !== 'number'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { sub, ver, sid, cargo: typeof cargo === 'string' ? cargo : null }, exp };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** Verified tokens kept per key; more than this and the oldest are forgotten (verified again if used). */
const VERIFIED_MAX = 10_000;

/**
 * `verifyToken` for one key, remembering each token it found valid until the token expires. The check
 * of a signature is a pure function of the token and the key, and it was a tenth of the server's time
 * on a signed-in request (WebCrypto's HMAC runs as an asynchronous job; docs/server.md "Where a
 * request's time goes"). Only the signature is remembered: whether the session and its token version
 * still hold is read from the database on every request, so a logout still refuses the token at once.
 */
export function tokenVerifier(key: Uint8Array): (token: string) => Promise<VerifyResult> {
  const verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();
  return async (token) => {
    const known = verified.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) return { ok: true, claims: known.claims };
      verified.delete(token);
      return { ok: false, reason: 'expired' };
    }
    const result = await verifyWithExpiry(key, token);
    if (!result.ok) return result;
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims: result.claims, expiresAtMs: result.exp * 1000 });
    return { ok: true, claims: result.claims };
  };
}
