import type { FastifyInstance } from 'fastify';
import type { AccountView } from '../db/repositories/accounts.ts';
import type { Plan } from '../db/repositories/plans.ts';
import { firstUsageDay } from '../db/repositories/usage.ts';
import { currentMonth, monthUsage, planOfClient, type UsageFigures } from './report.ts';

/** Statements go back at most this many months. */
const MAX_MONTHS = 24;

export const LINE_METRICS = ['storage', 'encoded', 'live', 'delivered'] as const;

/** How each line reads the month's figures and the plan. */
const LINES = {
  storage: { used: 'storageGbMonths', quota: 'storageGb', price: 'storageGbMonth' },
  encoded: { used: 'encodedMinutes', quota: 'encodedMinutes', price: 'encodedMinute' },
  live: { used: 'liveMinutes', quota: 'liveMinutes', price: 'liveMinute' },
  delivered: { used: 'deliveredMinutes', quota: 'deliveredMinutes', price: 'deliveredMinute' },
} as const satisfies Record<
  (typeof LINE_METRICS)[number],
  { used: keyof UsageFigures; quota: keyof Plan['quotas']; price: keyof Plan['prices'] }
>;

const cents = (n: number) => Math.round(n * 100) / 100;
const fine = (n: number) => Math.round(n * 10_000) / 10_000;

/** One line per metric: what was used, what the plan includes, what goes beyond it and its price. */
export function lineItems(plan: Plan, totals: UsageFigures) {
  return LINE_METRICS.map((metric) => {
    const line = LINES[metric];
    const quantity = totals[line.used];
    const included = plan.quotas[line.quota];
    const billable = fine(Math.max(0, quantity - included));
    const unitPrice = plan.prices[line.price];
    return { metric, quantity, included, billable, unitPrice, amount: cents(billable * unitPrice) };
  });
}

function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * The closed months of a team, newest first, from its first usage (at most MAX_MONTHS): each with its
 * line items priced by the client's plan as it is now (plans keep no history yet, docs/billing.md).
 */
export async function statements(app: FastifyInstance, account: AccountView, now = new Date()) {
  const first = await firstUsageDay(app.db, account.id);
  const plan = await planOfClient(app, account.clientId);
  const out: { month: string; items: ReturnType<typeof lineItems>; total: number }[] = [];
  if (!first) return { currency: plan.currency, months: out };
  let month = previousMonth(currentMonth(now));
  for (let i = 0; i < MAX_MONTHS && month >= first.slice(0, 7); i++, month = previousMonth(month)) {
    const { totals } = await monthUsage(app, account.id, month);
    const items = lineItems(plan, totals);
    out.push({ month, items, total: cents(items.reduce((sum, item) => sum + item.amount, 0)) });
  }
  return { currency: plan.currency, months: out };
}
