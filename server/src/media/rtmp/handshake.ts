import { createHmac, randomBytes } from 'node:crypto';

/**
 * The server's side of the RTMP handshake: C0+C1 in, S0+S1+S2 out, then C2 in. Two forms exist. The
 * plain one (RTMP 1.0 spec: S1 is time, zero and random bytes, S2 echoes C1), and the "digest" one
 * Flash Player introduced and some encoders still send (their C1 carries an HMAC-SHA256 digest at an
 * offset it encodes itself; such a client may check the server's S1 and S2 the same way). A C1 with a
 * valid digest is answered in kind, any other plainly: ffmpeg and OBS accept both.
 */

export const HANDSHAKE_SIZE = 1536;
export const RTMP_VERSION = 3;
const DIGEST_SIZE = 32;

const FP_KEY = Buffer.from('Genuine Adobe Flash Player 001', 'ascii');
const FMS_KEY_TEXT = Buffer.from('Genuine Adobe Flash Media Server 001', 'ascii');
/** The server key's published 32-byte tail (used only to sign S2). */
const FMS_KEY_TAIL = Buffer.from('f0eec24a8068bee82e00d0d1029e7e576eec5d2d29806fab93b8e636cfeb31ae', 'hex');
const FMS_KEY = Buffer.concat([FMS_KEY_TEXT, FMS_KEY_TAIL]);

function hmac(key: Buffer, ...data: Buffer[]): Buffer {
  const h = createHmac('sha256', key);
  for (const part of data) h.update(part);
  return h.digest();
}

/** Where a digest sits: four bytes at `base` sum to its position inside a 728-byte window. */
function digestOffset(sig: Buffer, base: number, windowStart: number): number {
  const sum = (sig[base] ?? 0) + (sig[base + 1] ?? 0) + (sig[base + 2] ?? 0) + (sig[base + 3] ?? 0);
  return (sum % 728) + windowStart;
}

/** The two layouts a digest C1 may use: the key schema first (offset at 772) or the digest first (8). */
const SCHEMAS = [
  { base: 772, window: 776 },
  { base: 8, window: 12 },
] as const;

function digestOf(sig: Buffer, at: number, key: Buffer): Buffer {
  return hmac(key, sig.subarray(0, at), sig.subarray(at + DIGEST_SIZE));
}

/** The offset of a valid client digest in C1, or null for a plain C1. */
function clientDigest(c1: Buffer): { schema: (typeof SCHEMAS)[number]; at: number } | null {
  for (const schema of SCHEMAS) {
    const at = digestOffset(c1, schema.base, schema.window);
    if (digestOf(c1, at, FP_KEY).equals(c1.subarray(at, at + DIGEST_SIZE))) return { schema, at };
  }
  return null;
}

/** S0+S1+S2 for a client's C1. */
export function serverHandshake(c1: Buffer): Buffer {
  const s0 = Buffer.from([RTMP_VERSION]);
  const digest = clientDigest(c1);
  const s1 = randomBytes(HANDSHAKE_SIZE);
  s1.writeUInt32BE(Math.floor(Date.now() / 1000) >>> 0, 0);
  if (!digest) {
    s1.writeUInt32BE(0, 4);
    return Buffer.concat([s0, s1, c1]);
  }
  // A server version (non-zero) tells the client S1 carries a digest, in the client's own layout.
  s1.set([4, 5, 0, 1], 4);
  const at = digestOffset(s1, digest.schema.base, digest.schema.window);
  digestOf(s1, at, FMS_KEY_TEXT).copy(s1, at);
  // S2: random bytes signed with a key derived from the client's digest.
  const s2 = randomBytes(HANDSHAKE_SIZE);
  const key = hmac(FMS_KEY, c1.subarray(digest.at, digest.at + DIGEST_SIZE));
  hmac(key, s2.subarray(0, HANDSHAKE_SIZE - DIGEST_SIZE)).copy(s2, HANDSHAKE_SIZE - DIGEST_SIZE);
  return Buffer.concat([s0, s1, s2]);
}
