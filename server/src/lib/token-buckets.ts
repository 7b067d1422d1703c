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

  /**
   * Takes `count` tokens of the key's bucket: 0 when they were there, else the seconds until they
   * will be (nothing is taken then). A request larger than the burst can never pass: Infinity.
   */
  take(key: string, count = 1, now = Date.now()): number {
    if (count > this.burst) return Number.POSITIVE_INFINITY;
    const held = this.buckets.get(key);
    const tokens = held ? Math.min(this.burst, held.tokens + (now - held.at) * this.perMs) : this.burst;
    if (tokens < count) {
      if (held) {
        held.tokens = tokens;
        held.at = now;
      }
      return Math.max(1, Math.ceil((count - tokens) / this.perMs / 1000));
    }
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
