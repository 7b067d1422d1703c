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
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
    });
    const { sub, ver, cargo, sid } = payload;
    if (
      typeof sub !== 'string' ||
      typeof ver !== 'number' ||
      !Number.isInteger(ver) ||
      typeof sid !== 'string'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { sub, ver, sid, cargo: typeof cargo === 'string' ? cargo : null } };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
