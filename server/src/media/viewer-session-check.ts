import { createHash } from 'node:crypto';
import { type ViewerSession, verifyViewerSession } from './playback-session.ts';

export type { ViewerSession };

/** Beacons may still arrive this long after the session expired (a pagehide, a slow network). */
export const SESSION_GRACE_SECONDS = 5 * 60;

/** The signed playback session a beacon names (playback-session.ts), or null when it is not this
 * server's, malformed, or expired for longer than the grace. */
export function checkViewerSession(
  secret: Uint8Array,
  sessionId: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): ViewerSession | null {
  return verifyViewerSession(sessionId, secret, nowSeconds - SESSION_GRACE_SECONDS);
}

/** The key of the view a session belongs to: its first session's key (a renewal carries it). */
export function viewKey(sessionId: string, session: Pick<ViewerSession, 'view'>): string {
  return session.view ?? sessionKey(sessionId);
}

/** What the tables keep of a session id: short, and not a credential. */
export function sessionKey(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 32);
}
