import { createHash, createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** A key of its own for guest links, derived from the server's signing key. */
export function guestLinkKey(serverKey: Uint8Array): Uint8Array {
  return createHmac('sha256', Buffer.from(serverKey)).update('palco-studio-guest-link-v1').digest();
}

export interface GuestLinkClaims {
  /** The link (studio_guest_links row): revoking it refuses every token naming it. */
  linkId: string;
  liveId: string;
}

/** The guest link's token: names the link and the live, expires with the link. */
export async function signGuestLink(
  key: Uint8Array,
  claims: GuestLinkClaims,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ live: claims.liveId, typ: 'studio-guest' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.linkId)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
}

/** The link a token names, or null when it is forged, for another purpose, or expired. */
export async function verifyGuestLink(key: Uint8Array, token: string): Promise<GuestLinkClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
    });
    if (payload.typ !== 'studio-guest' || typeof payload.live !== 'string' || typeof payload.sub !== 'string')
      return null;
    return { linkId: payload.sub, liveId: payload.live };
  } catch {
    return null;
  }
}

/** A guest's session secret (its browser keeps it; the server only its SHA-256). */
export function newGuestSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashGuestSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
