import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { TOTP } from 'otpauth';

/** How long the password step of a two-factor login stays good for its second step. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Palco';
const CHALLENGE_AUDIENCE = 'palco-2fa-challenge';

/**
 * Keys of their own, derived from the server's signing key: a leaked database alone opens no secret,
 * and a challenge can never pass as a session token (nor the other way round).
 */
export interface TwoFactorKeys {
  seal: Buffer;
  recovery: Buffer;
  challenge: Uint8Array;
}

export function twoFactorKeys(signingKey: Uint8Array): TwoFactorKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', signingKey, '', info, 32));
  return {
    seal: derive('palco totp secret v1'),
    recovery: derive('palco totp recovery v1'),
    challenge: new Uint8Array(derive('palco totp challenge v1')),
  };
}

/** `v1.{iv}.{tag}.{ciphertext}`, AES-256-GCM, base64url parts. */
export function sealSecret(keys: TwoFactorKeys, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.seal, iv);
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function openSecret(keys: TwoFactorKeys, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown sealed TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', keys.seal, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

// otpauth and qrcode are loaded at the first two-factor set-up or code, not at start: most instances
// never see one, and every module loaded stays in memory (docs/server.md "Memory").
async function totp(base32: string, label = ''): Promise<TOTP> {
  const { Secret, TOTP } = await import('otpauth');
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(base32), digits: 6, period: 30 });
}

/** A fresh secret with the URI an authenticator app reads and that URI as a QR code (SVG data URL). */
export async function newTotpSecret(login: string): Promise<{ secret: string; uri: string; qr: string }> {
  const [{ Secret }, { default: QRCode }] = await Promise.all([import('otpauth'), import('qrcode')]);
  const secret = new Secret({ size: 20 }).base32;
  const uri = (await totp(secret, login)).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1 });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time step of `code` when it is good now (one step of clock drift either way), else null. */
export async function totpStep(base32: string, code: string, now = Date.now()): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const generator = await totp(base32);
  const delta = generator.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : generator.counter({ timestamp: now }) + delta;
}

/** What a user types: digits and letters only, case and separators ignored. */
export function normaliseCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

export function hashRecoveryCode(keys: TwoFactorKeys, code: string): string {
  return createHmac('sha256', keys.recovery).update(normaliseCode(code)).digest('hex');
}

/** Ten codes such as `7KQ2-M9XD-4TPR` (60 random bits each), shown once; only their hashes are kept. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(12)].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** The password step's proof: user and token version, signed, good for CHALLENGE_TTL_SECONDS. */
export function signChallenge(keys: TwoFactorKeys, userId: string, version: number): Promise<string> {
  return new SignJWT({ ver: version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setAudience(CHALLENGE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${CHALLENGE_TTL_SECONDS}s`)
    .sign(keys.challenge);
}

export async function verifyChallenge(
  keys: TwoFactorKeys,
  challenge: string,
): Promise<{ userId: string; version: number } | null> {
  try {
    const { payload } = await jwtVerify(challenge, keys.challenge, {
      algorithms: ['HS256'],
      audience: CHALLENGE_AUDIENCE,
      requiredClaims: ['exp', 'sub'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
    return { userId: payload.sub, version: payload.ver };
  } catch {
    return null;
  }
}
