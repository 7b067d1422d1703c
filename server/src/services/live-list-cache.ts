import type { LiveStreamRow } from '../db/tables/streams.ts';

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

interface Entry {
  value: LivePage;
  storedAt: number;
}

/**
 * Pages of a team's live-stream list (GET /v1/live-streams) kept per instance, so a list asked again
 * costs no database round trip (docs/server.md "The live-stream list"). What is kept is the database's
 * answer (rows and total), not the response: what the caller may see of it (the keys) is decided per
 * request.
 *
 * Correctness rests on the `palco_lives` notifications the triggers on live_streams send after every
 * commit that changes a team's streams: `invalidate` drops that team's pages (or everything). As in the
 * session cache (docs/server.md "Sessions cached per instance"), the cache is off — every list reads the
 * database and nothing is kept — until `listening(true)`, and again from the moment the listening
 * connection is lost; a page read while a notification (or a change of state) came in is not kept; and
 * on PostgreSQL a kept page is served only after a barrier on the listening connection, sent after the
 * request arrived, has answered, so a change committed through another instance is seen on the next
 * request.
 */
export class LiveListCache {
  /** By team, then by the list's query. Map order is insertion order. */
  private readonly teams = new Map<string, Map<string, Entry>>();
  /** Rows kept (`weight` of every entry). */
  private size = 0;
  private epoch = 0;
  private on = false;
  /** Whether the last barrier answered (a failed one: the connection is going; read the database). */
  private synced = true;

  /** The barrier that will be sent once the one in flight has answered, and the one in flight. */
  private queued: Promise<void> | null = null;
  private flying: Promise<void> | null = null;

  /**
   * `sync` (PostgreSQL) answers once every notification committed before it was called has been handed
   * to `invalidate`. Without it (PGlite) a notification is handed over before the writing statement's
   * own caller resumes, so nothing needs waiting for.
   */
  constructor(
    private readonly sync: (() => Promise<void>) | null = null,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether pages are served from memory (the notifications are being received). */
  get enabled(): boolean {
    return this.on;
  }

  /** The notifications are received (true), or their connection is lost or not yet up (false). */
  listening(on: boolean): void {
    this.on = on;
    this.synced = true;
    this.clear();
  }

  /** A `palco_lives` notification: a team's id, or `*` for everything. */
  invalidate(payload: string): void {
    if (payload === '*') {
      this.clear();
      return;
    }
    this.epoch += 1;
    this.drop(payload);
  }

  /** The page through the cache: `query` names it within the team, `read` is the database's answer. */
  async find(accountId: string, query: string, read: () => Promise<LivePage>): Promise<LivePage> {
    // A hit waits for a barrier sent after the request arrived; a miss reads the database, which has
    // every commit. One barrier serves every request that arrived while the previous one was in flight.
    if (this.on && this.sync && this.teams.get(accountId)?.has(query)) await this.barrier();
    const hit = this.on && this.synced ? this.teams.get(accountId)?.get(query) : undefined;
    const now = this.now();
    if (hit && now - hit.storedAt < MAX_AGE_MS) return hit.value;
    const epoch = this.epoch;
    const value = await read();
    // Kept only when nothing was invalidated while it was read (its rows may predate that change).
    if (this.on && epoch === this.epoch) this.store(accountId, query, deepFreeze(value), now);
    return value;
  }

  private barrier(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.flying) return this.send();
    // The one in flight may have been sent before this request arrived: wait for the next one.
    this.queued = this.flying.then(() => {
      this.queued = null;
      return this.send();
    });
    return this.queued;
  }

  private send(): Promise<void> {
    const sent = this.sync!().then(
      () => {
        this.synced = true;
      },
      () => {
        this.synced = false;
      },
    );
    const flying = sent.finally(() => {
      if (this.flying === flying) this.flying = null;
    });
    this.flying = flying;
    return flying;
  }

  private store(accountId: string, query: string, value: LivePage, now: number): void {
    let pages = this.teams.get(accountId);
    if (!pages) {
      pages = new Map();
      this.teams.set(accountId, pages);
    }
    const previous = pages.get(query);
    if (previous) this.size -= weight(previous.value);
    pages.set(query, { value, storedAt: now });
    this.size += weight(value);
    while (this.size > MAX_ROWS) this.drop(this.teams.keys().next().value!);
  }

  private drop(accountId: string): void {
    const pages = this.teams.get(accountId);
    if (!pages) return;
    for (const entry of pages.values()) this.size -= weight(entry.value);
    this.teams.delete(accountId);
  }

  private clear(): void {
    this.epoch += 1;
    this.teams.clear();
    this.size = 0;
  }
}

const weight = (page: LivePage) => Math.max(1, page.rows.length);

/** One page serves many requests: frozen to the bottom (its settings and signals are nested), so code
 * changing it would fail loudly instead of changing what the next caller is answered. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
