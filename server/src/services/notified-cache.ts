/**
 * What the per-instance caches fed by database notifications share (docs/server.md "Sessions cached per
 * instance" and "The live-stream list"): a bounded two-level map (group → key), kept right by the
 * notifications the database's triggers send after every commit that changes a group, and the barrier
 * that makes a hit wait until the notifications committed before its request arrived are handed over.
 */

/**
 * The barrier on PostgreSQL's listening connection: `sync` answers once every notification committed
 * before it was called has been handed over (a query on that connection, which PostgreSQL answers after
 * the notifications it owes it). One barrier serves every cache fed by that connection: a request that
 * already waited for one sent after it arrived (the session's, say) does not wait again for its list.
 */
export class Barrier {
  /** The barrier that will be sent once the one in flight has answered, and the one in flight. */
  private queued: Promise<boolean> | null = null;
  private flying: { sentAt: number; answer: Promise<boolean> } | null = null;
  /** When the last barrier that answered was sent (`-Infinity`: none since the connection came up). */
  private answeredSentAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly sync: () => Promise<void>,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The connection came up or went down: what answered before says nothing about what comes now. */
  reset(): void {
    this.answeredSentAt = Number.NEGATIVE_INFINITY;
  }

  /** Answers true once a barrier sent at or after `since` (a request's arrival, on `clock`) has
   * answered, false if it failed (the connection is going: read the database). */
  wait(since: number = this.clock()): Promise<boolean> {
    if (this.answeredSentAt >= since) return Promise.resolve(true);
    if (this.flying && this.flying.sentAt >= since) return this.flying.answer;
    if (this.queued) return this.queued;
    if (!this.flying) return this.send();
    // The one in flight was sent before this request arrived: wait for the next one.
    this.queued = this.flying.answer.then(() => {
      this.queued = null;
      return this.send();
    });
    return this.queued;
  }

  private send(): Promise<boolean> {
    const sentAt = this.clock();
    const answer = this.sync().then(
      () => {
        if (sentAt > this.answeredSentAt) this.answeredSentAt = sentAt;
        return true;
      },
      () => false,
    );
    const flying = {
      sentAt,
      answer: answer.finally(() => {
        if (this.flying === flying) this.flying = null;
      }),
    };
    this.flying = flying;
    return flying.answer;
  }
}

export interface NotifiedCacheOptions<V> {
  /** Past this total `weight`, the oldest groups are dropped (bounds the memory taken). */
  maxWeight: number;
  /** An entry is read again after this long whatever happened: a bound on any change no trigger sees. */
  maxAgeMs: number;
  /** What an entry counts towards `maxWeight` (1 if left out). */
  weight?: (value: V) => number;
  /** Whether a kept value may still be served at `now` (a session past its expiry may not). */
  isFresh?: (value: V, now: number) => boolean;
  /** Applied to what is kept: one object serves many requests, so it is frozen to fail loudly if changed. */
  freeze?: (value: V) => V;
  /** PostgreSQL's barrier; without it (PGlite) a notification is handed over before the writing
   * statement's own caller resumes, so nothing needs waiting for. */
  barrier?: Barrier | null;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  storedAt: number;
}

/**
 * Values kept per instance by group, then key; `invalidate` (a notification: a group's id, or `*` for
 * everything) drops a group. The cache is *off* — every look-up reads the database and nothing is kept —
 * until `listening(true)` says the notifications are being received, and again from the moment the
 * listening connection is lost, since what is notified meanwhile is never delivered. Every change of
 * state and every notification also bumps `epoch`: a look-up that started before it may have read the
 * old rows and is not kept.
 */
export class NotifiedCache<V> {
  /** Map order is insertion order: the first group is the oldest. */
  private readonly groups = new Map<string, Map<string, Entry<V>>>();
  /** `weight` of every entry kept. */
  private size = 0;
  private epoch = 0;
  private on = false;
  private readonly weight: (value: V) => number;
  private readonly barrier: Barrier | null;
  private readonly now: () => number;

  constructor(private readonly options: NotifiedCacheOptions<V>) {
    this.weight = options.weight ?? (() => 1);
    this.barrier = options.barrier ?? null;
    this.now = options.now ?? Date.now;
  }

  /** Whether look-ups are served from memory (the notifications are being received). */
  get enabled(): boolean {
    return this.on;
  }

  /** The notifications are received (true), or their connection is lost or not yet up (false). */
  listening(on: boolean): void {
    this.on = on;
    this.clear();
  }

  /** A notification: a group's id, or `*` for everything. */
  invalidate(payload: string): void {
    if (payload === '*') {
      this.clear();
      return;
    }
    this.epoch += 1;
    this.drop(payload);
  }

  /**
   * The look-up through the cache: `read` is the database's answer, called on a miss (an `undefined`
   * answer is not kept). `since` is when the request arrived (on the barrier's clock; now if left out).
   */
  async find<T extends V | undefined>(
    group: string,
    key: string,
    read: () => Promise<T>,
    since?: number,
  ): Promise<T> {
    // A change committed through another instance before this request arrived (a logout there, the
    // client then calling here) must be seen: a hit waits for a barrier sent after its arrival. A miss
    // reads the database, which has every commit: no barrier needed then.
    let synced = true;
    if (this.on && this.barrier && this.groups.get(group)?.has(key)) synced = await this.barrier.wait(since);
    const hit = this.on && synced ? this.groups.get(group)?.get(key) : undefined;
    const now = this.now();
    if (
      hit &&
      now - hit.storedAt < this.options.maxAgeMs &&
      (!this.options.isFresh || this.options.isFresh(hit.value, now))
    )
      return hit.value as T;
    const epoch = this.epoch;
    const value = await read();
    // Kept only when nothing was invalidated while it was read (its rows may predate that change).
    if (value !== undefined && this.on && epoch === this.epoch) {
      const kept = this.options.freeze ? this.options.freeze(value as V) : (value as V);
      this.store(group, key, kept, now);
    }
    return value;
  }

  private store(group: string, key: string, value: V, now: number): void {
    let entries = this.groups.get(group);
    if (!entries) {
      entries = new Map();
      this.groups.set(group, entries);
    }
    const previous = entries.get(key);
    if (previous) this.size -= this.weight(previous.value);
    entries.set(key, { value, storedAt: now });
    this.size += this.weight(value);
    while (this.size > this.options.maxWeight) this.drop(this.groups.keys().next().value!);
  }

  private drop(group: string): void {
    const entries = this.groups.get(group);
    if (!entries) return;
    for (const entry of entries.values()) this.size -= this.weight(entry.value);
    this.groups.delete(group);
  }

  private clear(): void {
    this.epoch += 1;
    this.groups.clear();
    this.size = 0;
  }
}
