import type { Db } from '../db/schema.ts';
import { recordDelivered, utcDay } from './metering.ts';

/** How long delivered seconds are summed in memory before they are written (docs/billing.md). */
export const DELIVERED_FLUSH_MS = 10_000;

/**
 * Delivered minutes, summed per team and UTC day in memory and written every `flushMs`: one raw-record
 * update and one rebuild of the day per team, whatever the number of segments served meanwhile (a
 * live with a thousand viewers serves hundreds of segments a second). Each instance sums its own; the
 * raw record adds them up. A write that fails goes back into the sum for the next flush; what a crash
 * loses is at most one interval of this instance's deliveries.
 */
export class DeliveredMeter {
  private readonly pending = new Map<string, { accountId: string; day: string; seconds: number }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly flushMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  add(accountId: string, seconds: number, at = new Date()): void {
    if (!(seconds > 0)) return;
    this.put(accountId, utcDay(at), seconds);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush().catch(this.onError);
    }, this.flushMs);
    this.timer.unref();
  }

  /** Writes what has been summed so far (also on shutdown); flushes run one after another. */
  flush(): Promise<void> {
    const run = this.flushing.then(() => this.write());
    this.flushing = run.catch(() => {});
    return run;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private put(accountId: string, day: string, seconds: number): void {
    const key = `${accountId}|${day}`;
    const entry = this.pending.get(key);
    if (entry) entry.seconds += seconds;
    else this.pending.set(key, { accountId, day, seconds });
  }

  private async write(): Promise<void> {
    const batch = [...this.pending.values()];
    this.pending.clear();
    let failure: unknown = null;
    for (const e of batch) {
      try {
        await recordDelivered(this.db, e.accountId, e.seconds, e.day);
      } catch (error) {
        this.put(e.accountId, e.day, e.seconds);
        failure ??= error;
      }
    }
    if (failure) throw failure;
  }
}
