/**
 * Token buckets by key (a client address, a playback session), in memory on one instance: each key
 * holds up to `burst` tokens and gets `perMinute` back per minute. Generous bounds against cheap
 * inflation that hundreds of honest viewers behind one address never meet (docs/playback.md
 * "Audience bounds"). A key whose bucket is full again is forgotten, and at most `maxKeys` are kept
 * (past that the fullest-looking oldest keys go first: a flood of new keys cannot grow memory).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;

  constructor(
    private readonly burst: number,
    perMinute: number,
    private readonly maxKeys = 100_000,
  ) {
    this.perMs = perMinute / 60_000;
  }

  private tokensOf(key: string, now: number): number {
    const held = this.buckets.get(key);
    return held ? Math.min(this.burst, held.tokens + (now - held.at) * this.perMs) : this.burst;
  }

  /**
   * The seconds until the key's bucket holds `count` tokens, taking nothing: 0 when it does now.
   * Infinity when it never will: a request larger than the burst, or a bucket without refill (a
   * total) that is spent.
   */
  wait(key: string, count = 1, now = Date.now()): number {
    if (count > this.burst) return Number.POSITIVE_INFINITY;
    const tokens = this.tokensOf(key, now);
    if (tokens >= count) return 0;
    if (this.perMs === 0) return Number.POSITIVE_INFINITY;
    return Math.max(1, Math.ceil((count - tokens) / this.perMs / 1000));
  }

  /**
   * Takes `count` tokens of the key's bucket: 0 when they were there, else what `wait` tells (nothing
   * is taken then).
   */
  take(key: string, count = 1, now = Date.now()): number {
    const wait = this.wait(key, count, now);
    if (wait > 0) return wait;
    const tokens = this.tokensOf(key, now);
    const held = this.buckets.has(key);
    if (!held && this.buckets.size >= this.maxKeys) this.sweep(now);
    // Re-inserted last: the map's order is the order of use, oldest first.
    this.buckets.delete(key);
    this.buckets.set(key, { tokens: tokens - count, at: now });
    return 0;
  }

  /** Forgets the keys whose bucket is full again; if still too many, the least recently used. */
  sweep(now = Date.now()): void {
    for (const [key, held] of this.buckets) {
      if (held.tokens + (now - held.at) * this.perMs >= this.burst) this.buckets.delete(key);
    }
    for (const key of this.buckets.keys()) {
      if (this.buckets.size < this.maxKeys) break;
      this.buckets.delete(key);
    }
  }

  get size(): number {
    return this.buckets.size;
  }
}
