import type { LiveStreamRow } from '../db/tables/streams.ts';
import { type Barrier, NotifiedCache } from './notified-cache.ts';

/** Streams kept at most over every page, so the memory this takes is bounded (a row is an estimated
 * 2–4 KB of heap: 10–20 MB at most; docs/server.md "The live-stream list"); past it the oldest team's
 * pages are dropped. An empty page counts as one. */
const MAX_ROWS = 5_000;
/** A page is read again after this long whatever happened: a bound on any change no trigger sees. */
const MAX_AGE_MS = 60_000;

export interface LivePage {
  rows: readonly LiveStreamRow[];
  total: number;
}

/**
 * Pages of a team's live-stream list (GET /v1/live-streams) kept per instance, so a list asked again
 * costs no database round trip (docs/server.md "The live-stream list"): by team, then by the list's
 * query, since a `palco_lives` notification names a team (or `*`). What is kept is the database's answer
 * (rows and total), not the response: what the caller may see of it (the keys) is decided per request.
 * The on/off state, the epoch and the barrier are NotifiedCache's, as for the session cache.
 */
export class LiveListCache extends NotifiedCache<LivePage> {
  constructor(barrier: Barrier | null = null, now: () => number = Date.now) {
    super({
      maxWeight: MAX_ROWS,
      maxAgeMs: MAX_AGE_MS,
      weight: (page) => Math.max(1, page.rows.length),
      freeze: deepFreeze,
      barrier,
      now,
    });
  }
}

/** One page serves many requests: frozen to the bottom (its settings and signals are nested), so code
 * changing it would fail loudly instead of changing what the next caller is answered. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
