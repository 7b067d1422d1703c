import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * STAND-IN until pls's server/src/media/playback-session.ts is merged: the signed playback session a
 * beacon names (viewer contract §1: signed, carries liveId|videoId, viewerId, country, expiry). At
 * merge, `checkViewerSession` calls pls's `verifyViewerSession(sessionId)` and this signer goes.
 */
export interface ViewerSession {
  kind: 'live' | 'vod';
  /** The live's or the video's id. */
  id: string;
  viewerId: string;
  /** ISO 3166-1 alpha-2, or null when it could not be told. */
  country: string | null;
  /** Epoch ms. */
  expiresAt: number;
}

/** Beacons may still arrive this long after the session expired (a pagehide, a slow network). */
export const SESSION_GRACE_MS = 5 * 60_000;

function keyOf(secret: Uint8Array): Buffer {
  return createHmac('sha256', Buffer.from(secret)).update('palco-viewer-session-v1').digest();
}

export function issueViewerSession(secret: Uint8Array, session: ViewerSession): string {
  const body = Buffer.from(JSON.stringify(session)).toString('base64url');
  return `${body}.${createHmac('sha256', keyOf(secret)).update(body).digest('base64url')}`;
}

/** The session, or null when it is not this server's, malformed, or expired (past the grace). */
export function checkViewerSession(
  secret: Uint8Array,
  sessionId: string,
  now = Date.now(),
): ViewerSession | null {
  const [body, signature, extra] = sessionId.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = createHmac('sha256', keyOf(secret)).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const session = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ViewerSession;
    if (session.expiresAt + SESSION_GRACE_MS < now) return null;
    return session;
  } catch {
    return null;
  }
}

/** What the tables keep of a session id: short, and not a credential. */
export function sessionKey(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 32);
}
