import type { PlaybackError, PlaybackInfo } from '@contract/playback';
import { type EmbedTarget, playbackPath } from './route';

export type PlaybackFailure = Exclude<PlaybackError['reason'], 'invalid_link'> | 'unavailable';
export type PlaybackResult = { ok: true; info: PlaybackInfo } | { ok: false; reason: PlaybackFailure };

// invalid_link is a media answer, never the endpoint's: it counts as unavailable here.
const REASONS: readonly PlaybackFailure[] = ['not_found', 'geo_blocked', 'domain_not_allowed'];

/**
 * Asks the public playback endpoint for a target. No credentials: the player holds no session and
 * sends no cookie, whatever the browser keeps for this origin. Anything but the endpoint's own
 * refusals (a network failure, a 5xx) is 'unavailable', which the page retries.
 */
export async function fetchPlayback(
  base: string,
  target: EmbedTarget,
  origin: string | null,
  sessionId: string | null = null,
  fetchImpl: typeof fetch = fetch,
  attendee: string | null = null,
  newView = false,
): Promise<PlaybackResult> {
  try {
    const res = await fetchImpl(new URL(playbackPath(target, origin, sessionId, attendee, newView), base), {
      credentials: 'omit',
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    const body = (await res.json().catch(() => null)) as Partial<PlaybackError> | PlaybackInfo | null;
    if (res.ok && body && 'kind' in body) return { ok: true, info: body };
    const reason = REASONS.find((r) => body && 'reason' in body && body.reason === r);
    if (reason) return { ok: false, reason };
    return { ok: false, reason: res.status === 404 ? 'not_found' : 'unavailable' };
  } catch {
    return { ok: false, reason: 'unavailable' };
  }
}

/** When to ask again for a fresh token: a minute before it expires, never sooner than in 5 s. */
export function renewDelay(expiresAt: string, now: number): number {
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return 60_000;
  return Math.max(5_000, at - now - 60_000);
}
