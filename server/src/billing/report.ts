import type { FastifyInstance } from 'fastify';
import type { AccountView } from '../db/repositories/accounts.ts';
import { findClientPlan, type Plan } from '../db/repositories/plans.ts';
import { listDaily } from '../db/repositories/usage.ts';
import type { UsageMetric } from '../db/tables/usage.ts';
import { daysInMonth, utcDay } from './metering.ts';
import { bytesHeld } from './usage-job.ts';

/** The plan of clients staff have not configured (docs/billing.md "Plans"). */
export const DEFAULT_PLAN: Plan = {
  name: 'Padrão',
  currency: 'BRL',
  quotas: { storageGb: 100, encodedMinutes: 1000, liveMinutes: 3000, deliveredMinutes: 50_000 },
  prices: { storageGbMonth: 0.5, encodedMinute: 0.1, liveMinute: 0.05, deliveredMinute: 0.005 },
};

export async function planOfClient(
  app: FastifyInstance,
  clientId: string,
): Promise<Plan & { custom: boolean }> {
  const plan = await findClientPlan(app.db, clientId);
  return plan ? { ...plan, custom: true } : { ...DEFAULT_PLAN, custom: false };
}

export interface UsageFigures {
  storageGbMonths: number;
  encodedMinutes: number;
  liveMinutes: number;
  deliveredMinutes: number;
}

const FIELD: Record<UsageMetric, keyof UsageFigures> = {
  storage_gb_month: 'storageGbMonths',
  encoded_minutes: 'encodedMinutes',
  live_minutes: 'liveMinutes',
  delivered_minutes: 'deliveredMinutes',
};

const zero = (): UsageFigures => ({
  storageGbMonths: 0,
  encodedMinutes: 0,
  liveMinutes: 0,
  deliveredMinutes: 0,
});

/** Figures rounded for display and sums: 4 decimals hide float noise without losing a second. */
const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** The current UTC month, 'YYYY-MM'. */
export function currentMonth(now = new Date()): string {
  return utcDay(now).slice(0, 7);
}

/** A team's usage in a month: totals and one entry per day of the month (days without usage are 0). */
export async function monthUsage(app: FastifyInstance, accountId: string, month: string) {
  const first = `${month}-01`;
  const days = daysInMonth(first);
  const last = `${month}-${String(days).padStart(2, '0')}`;
  const rows = await listDaily(app.db, accountId, first, last);
  const daily = Array.from({ length: days }, (_, i) => ({
    day: `${month}-${String(i + 1).padStart(2, '0')}`,
    ...zero(),
  }));
  const totals = zero();
  for (const row of rows) {
    const entry = daily[Number(row.day.slice(8)) - 1];
    if (!entry) continue;
    entry[FIELD[row.metric]] += row.quantity;
    totals[FIELD[row.metric]] += row.quantity;
  }
  for (const entry of daily) for (const k of Object.values(FIELD)) entry[k] = round(entry[k]);
  for (const k of Object.values(FIELD)) totals[k] = round(totals[k]);
  return { totals, daily };
}

/** GET /v1/billing/usage: the month's usage of a team against its client's plan. */
export async function usageReport(app: FastifyInstance, account: AccountView, month: string) {
  const [plan, usage, storageBytesNow] = await Promise.all([
    planOfClient(app, account.clientId),
    monthUsage(app, account.id, month),
    bytesHeld(app, account.id),
  ]);
  return {
    month,
    currency: plan.currency,
    plan: { name: plan.name, custom: plan.custom, quotas: plan.quotas, prices: plan.prices },
    totals: usage.totals,
    storageBytesNow,
    daily: usage.daily,
  };
}
