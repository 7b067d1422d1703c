import {
  addUsageEvent,
  type DailyRow,
  putUsageEvent,
  rawTotals,
  replaceDaily,
} from '../db/repositories/usage.ts';
import type { Db } from '../db/schema.ts';

/**
 * Usage metering (docs/billing.md "Raw records and the daily sums"): every producer writes a raw record keyed
 * by what it measured, then the day's sums of that team are rebuilt from the raw records. Rebuilding is the
 * only way usage_daily is written, so it can be recomputed at any time and gives the same figures.
 */

const DAY_MS = 86_400_000;
const BYTES_PER_GB = 1e9;

/** The UTC day of a moment, 'YYYY-MM-DD' (billing days are UTC days for every team). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function daysInMonth(day: string): number {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Recomputes the daily sums of `day` (for one account, or every account) from the raw records. */
export async function rebuildDay(db: Db, day: string, accountId?: string): Promise<DailyRow[]> {
  return db.transaction().execute(async (trx) => {
    const totals = await rawTotals(trx, day, accountId);
    const rows: DailyRow[] = totals.map((t) =>
      t.metric === 'storage_bytes'
        ? // A day held the bytes sampled that day: 1/days-in-month of a GB-month per GB.
          {
            accountId: t.accountId,
            metric: 'storage_gb_month',
            quantity: t.max / BYTES_PER_GB / daysInMonth(day),
          }
        : { accountId: t.accountId, metric: t.metric, quantity: t.sum },
    );
    await replaceDaily(trx, day, accountId, rows);
    return rows;
  });
}

/**
 * A finished transcode: encoded minutes are output minutes, the source's duration times the number of
 * renditions made (each rendition is a full encode; docs/billing.md says why).
 */
export async function recordEncoded(
  db: Db,
  e: { accountId: string; videoId: string; durationSeconds: number; renditions: number; at: Date },
): Promise<void> {
  const day = utcDay(e.at);
  await putUsageEvent(db, {
    accountId: e.accountId,
    sourceKey: `transcode:${e.videoId}`,
    metric: 'encoded_minutes',
    day,
    quantity: (e.durationSeconds * Math.max(1, e.renditions)) / 60,
  });
  await rebuildDay(db, day, e.accountId);
}

/** One ended publish of a signal: its minutes, split over the UTC days it spanned. */
export async function recordLive(
  db: Db,
  e: { accountId: string; streamId: string; signalId: string; startedAt: Date; endedAt: Date },
): Promise<void> {
  let from = e.startedAt.getTime();
  const end = e.endedAt.getTime();
  const days: string[] = [];
  while (from < end) {
    const day = utcDay(new Date(from));
    const dayEnd = Date.parse(`${day}T00:00:00Z`) + DAY_MS;
    const until = Math.min(end, dayEnd);
    await putUsageEvent(db, {
      accountId: e.accountId,
      sourceKey: `live:${e.streamId}:${e.signalId}:${e.startedAt.getTime()}:${day}`,
      metric: 'live_minutes',
      day,
      quantity: (until - from) / 60_000,
    });
    days.push(day);
    from = until;
  }
  for (const day of days) await rebuildDay(db, day, e.accountId);
}

/**
 * Minutes of media delivered on `day`, per HLS segment served: by the viewers' /play routes (VOD: the
 * segment's `#EXTINF`; live: the latency profile's segment length) and the console's signed /media URLs.
 */
export async function recordDelivered(
  db: Db,
  accountId: string,
  seconds: number,
  day: string,
): Promise<void> {
  if (!(seconds > 0)) return;
  await addUsageEvent(db, {
    accountId,
    sourceKey: `delivered:${day}`,
    metric: 'delivered_minutes',
    day,
    quantity: seconds / 60,
  });
  await rebuildDay(db, day, accountId);
}

/** The bytes a team held when sampled on `day` (the last sample of the day wins). */
export async function recordStorageSample(db: Db, accountId: string, bytes: number, day: string) {
  await putUsageEvent(db, {
    accountId,
    sourceKey: `storage:${day}`,
    metric: 'storage_bytes',
    day,
    quantity: bytes,
  });
  await rebuildDay(db, day, accountId);
}
