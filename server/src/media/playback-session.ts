import { createHmac, type KeyObject, randomInt, timingSafeEqual } from 'node:crypto';
import { derivedHmacKey, hmacKey } from '../lib/hmac-key.ts';
import type { PlaybackKind } from './playback-tokens.ts';

/** What a signed playback session carries (telemetry beacons are checked against it). */
export interface ViewerSession {
  kind: PlaybackKind;
  /** The live's or the video's id. */
  id: string;
  accountId: string;
  /** The anti-piracy viewer ID shown over the picture on request (8 × A-Z0-9). */
  viewerId: string;
  /** ISO 3166-1 alpha-2, or null when the viewer's country could not be told. */
  country: string | null;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** A renewal's view: the table key of the view's first session (absent in a first session, whose
   * own key is the view's). Beacons and the manifest mark use it, so a view stays one across renewals. */
  view?: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function newViewerId(): string {
  let id = '';
  for (let i = 0; i < 8; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

/**
 * A classroom attendee's viewer ID: the same for every player of theirs in that live, derived from
 * their e-mail, so customer support finds their views by it (docs/analytics.md "Customer support").
 */
export function attendeeViewerId(secret: string | Uint8Array, liveId: string, email: string): string {
  const digest = createHmac('sha256', keysOf(secret).base)
    .update(`palco-attendee-v1|${liveId}|${email.trim().toLowerCase()}`)
    .digest();
  return idOf(digest);
}

/**
 * The viewer ID of a classroom browser that did not prove its e-mail (docs/classroom.md "Registering an
 * e-mail again"): the same for every player of that browser (its chat token), never the e-mail's, so
 * registering someone's address neither wears their mark nor lands in their support search.
 */
export function browserViewerId(secret: string | Uint8Array, liveId: string, tokenHash: string): string {
  return idOf(
    createHmac('sha256', keysOf(secret).base)
      .update(`palco-attendee-browser-v1|${liveId}|${tokenHash}`)
      .digest(),
  );
}

function idOf(digest: Buffer): string {
  let id = '';
  for (let i = 0; i < 8; i++) id += ALPHABET[(digest[i] ?? 0) % ALPHABET.length];
  return id;
}

/** The server's key as a KeyObject and the viewer sessions' key derived from it, made once per secret
 * (the server has one; a test may pass another): every beacon checks a session (docs/server.md "HMAC
 * keys"). */
let keys: { secret: string | Uint8Array; base: KeyObject; session: KeyObject } | null = null;
function keysOf(secret: string | Uint8Array): { base: KeyObject; session: KeyObject } {
  if (keys?.secret !== secret)
    keys = { secret, base: hmacKey(secret), session: derivedHmacKey(secret, 'palco-viewer-session-v1') };
  return keys;
}

function mac(secret: string | Uint8Array, body: string): string {
  return createHmac('sha256', keysOf(secret).session).update(body).digest('base64url');
}

/**
 * `{base64url JSON}.{HMAC}`: opaque to the player, checked by the server without a table. `secret` is
 * the server's key (`app.jwtKey`); a key of its own is derived from it.
 */
export function issueViewerSession(session: ViewerSession, secret: string | Uint8Array): string {
  const body = Buffer.from(
    JSON.stringify([
      session.kind,
      session.id,
      session.accountId,
      session.viewerId,
      session.country,
      session.exp,
      ...(session.view ? [session.view] : []),
    ]),
  ).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The session, when `sessionId` is one this server signed and it has not expired; else null. */
export function verifyViewerSession(
  sessionId: string,
  secret: string | Uint8Array,
  nowSeconds = Math.floor(Date.now() / 1000),
): ViewerSession | null {
  if (typeof sessionId !== 'string' || sessionId.length > 512) return null;
  const match = /^([A-Za-z0-9_-]{1,440})\.([A-Za-z0-9_-]{43})$/.exec(sessionId);
  if (!match) return null;
  const expected = Buffer.from(mac(secret, match[1]!));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(fields) || (fields.length !== 6 && fields.length !== 7)) return null;
  const [kind, id, accountId, viewerId, country, exp, view] = fields as unknown[];
  if (view !== undefined && (typeof view !== 'string' || !/^[0-9a-f]{32}$/.test(view))) return null;
  if (kind !== 'live' && kind !== 'vod') return null;
  if (typeof id !== 'string' || typeof accountId !== 'string' || typeof viewerId !== 'string') return null;
  if (country !== null && typeof country !== 'string') return null;
  if (typeof exp !== 'number' || exp < nowSeconds) return null;
  return { kind, id, accountId, viewerId, country, exp, ...(typeof view === 'string' ? { view } : {}) };
}

/**
 * The mark a live's manifest URL carries for one session (`?v={key}.{mac}`, `key` the session's table
 * key): the first fetch of that manifest shows the session's player really loads media, and only then
 * does the session count as a viewer (docs/playback.md "Audience bounds").
 */
export function mediaMark(secret: string | Uint8Array, liveId: string, key: string): string {
  return `${key}.${mac(secret, `media/${liveId}/${key}`).slice(0, 22)}`;
}

/** The session key a manifest's mark names, when this server made it for this live; else null. */
export function checkMediaMark(secret: string | Uint8Array, liveId: string, mark: string): string | null {
  const match = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{22})$/.exec(mark);
  if (!match) return null;
  const expected = Buffer.from(mac(secret, `media/${liveId}/${match[1]}`).slice(0, 22));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : null;
}
