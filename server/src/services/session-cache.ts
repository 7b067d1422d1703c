import type { SessionAuth } from '../db/repositories/sessions.ts';
import { type Barrier, NotifiedCache } from './notified-cache.ts';

/** Sessions kept at most (about 2 KB each); past it the oldest user's are dropped. */
const MAX_ENTRIES = 10_000;
/** An entry is read again after this long whatever happened: a bound on any change no trigger sees. */
const MAX_AGE_MS = 60_000;

/**
 * The caller look-up (`findSessionAuth`: user, session, teams and roles) kept per instance, so a
 * signed-in request costs no database round trip (docs/server.md "Sessions cached per instance"): by
 * user, then by session id, since a `palco_auth` notification names a user (or `*`). The on/off state,
 * the epoch and the barrier are NotifiedCache's; a session past its `expires_at` is never served.
 */
export class SessionCache extends NotifiedCache<SessionAuth> {
  constructor(barrier: Barrier | null = null, now: () => number = Date.now) {
    super({
      maxWeight: MAX_ENTRIES,
      maxAgeMs: MAX_AGE_MS,
      isFresh: (value, at) => value.session.expires_at.getTime() > at,
      freeze,
      barrier,
      now,
    });
  }
}

/** One object serves many requests: frozen, so a route changing it would fail loudly, not leak. */
function freeze(value: SessionAuth): SessionAuth {
  for (const m of value.memberships) Object.freeze(m.permissions);
  value.memberships.forEach(Object.freeze);
  Object.freeze(value.memberships);
  Object.freeze(value.user);
  Object.freeze(value.session);
  return Object.freeze(value);
}
