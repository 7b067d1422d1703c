import type { SessionAuth } from '../db/repositories/sessions.ts';

/** Sessions kept at most (about 2 KB each); past it the oldest user's are dropped. */
const MAX_ENTRIES = 10_000;
/** An entry is read again after this long whatever happened: a bound on any change no trigger sees. */
const MAX_AGE_MS = 60_000;

interface Entry {
  value: SessionAuth;
  storedAt: number;
}

/**
 * The caller look-up (`findSessionAuth`: user, session, teams and roles) kept per instance, so a
 * signed-in request costs no database round trip (docs/server.md "Sessions cached per instance").
 *
 * Correctness rests on the `palco_auth` notifications the database's triggers send after every commit
 * that changes what the look-up reads: `invalidate` drops the user concerned (or everything). The cache
 * is *off* — every look-up reads the database and nothing is kept — until `listening(true)` says the
 * notifications are being received, and again from the moment the listening connection is lost, since
 * what is notified meanwhile is never delivered. Every change of state and every notification also
 * bumps `epoch`: a look-up that started before it may have read the old rows and is not kept.
 */
export class SessionCache {
  /** By user, then by session id: a notification names a user. Map order is insertion order. */
  private readonly users = new Map<string, Map<string, Entry>>();
  private size = 0;
  private epoch = 0;
  private on = false;

  /** The barrier that will be sent once the one in flight has answered, and the one in flight. */
  private queued: Promise<void> | null = null;
  private flying: Promise<void> | null = null;

  /**
   * `sync` (PostgreSQL) answers once every notification committed before it was called has been handed
   * to `invalidate`: a query on the listening connection, which PostgreSQL answers after the
   * notifications it owes that connection. Without it (PGlite) notifications arrive before the writing
   * statement's own caller resumes, so nothing needs waiting for.
   */
  constructor(
    private readonly sync: (() => Promise<void>) | null = null,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether look-ups are served from memory (the notifications are being received). */
  get enabled(): boolean {
    return this.on;
  }

  /** The notifications are received (true), or their connection is lost or not yet up (false). */
  listening(on: boolean): void {
    this.on = on;
    this.synced = true;
    this.clear();
  }

  /** A `palco_auth` notification: a user's id, or `*` for everything. */
  invalidate(payload: string): void {
    if (payload === '*') {
      this.clear();
      return;
    }
    this.epoch += 1;
    const sessions = this.users.get(payload);
    if (!sessions) return;
    this.size -= sessions.size;
    this.users.delete(payload);
  }

  /** The look-up through the cache: `read` is the database's answer, called on a miss. */
  async find(
    userId: string,
    sessionId: string,
    read: () => Promise<SessionAuth | undefined>,
  ): Promise<SessionAuth | undefined> {
    // A change committed through another instance before this request arrived (a logout there, the
    // client then calling here) must be seen: the hit waits for a barrier sent after its arrival. One
    // barrier serves every request that arrived while the previous one was in flight.
    // A miss reads the database, which has every commit: no barrier needed then.
    if (this.on && this.sync && this.users.get(userId)?.has(sessionId)) await this.barrier();
    const hit = this.on && this.synced ? this.users.get(userId)?.get(sessionId) : undefined;
    const now = this.now();
    if (hit && now - hit.storedAt < MAX_AGE_MS && hit.value.session.expires_at.getTime() > now)
      return hit.value;
    const epoch = this.epoch;
    const value = await read();
    // Kept only when nothing was invalidated while it was read (its rows may predate that change).
    if (value && this.on && epoch === this.epoch) this.store(userId, sessionId, freeze(value), now);
    return value;
  }

  /** Whether the last barrier answered (a failed one: the connection is going; read the database). */
  private synced = true;

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

  private store(userId: string, sessionId: string, value: SessionAuth, now: number): void {
    let sessions = this.users.get(userId);
    if (!sessions) {
      sessions = new Map();
      this.users.set(userId, sessions);
    }
    if (!sessions.has(sessionId)) this.size += 1;
    sessions.set(sessionId, { value, storedAt: now });
    while (this.size > MAX_ENTRIES) {
      const [oldest, entries] = this.users.entries().next().value!;
      this.size -= entries.size;
      this.users.delete(oldest);
    }
  }

  private clear(): void {
    this.epoch += 1;
    this.users.clear();
    this.size = 0;
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
