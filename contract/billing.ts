/* The billing page's answers as JSON on the wire (docs/billing.md): months 'YYYY-MM', days 'YYYY-MM-DD'
 * (UTC), amounts in the plan's currency. The server's TypeBox schemas (server/src/routes/billing/schemas.ts)
 * are checked equal to these, the console's structs (src/features/billing/api) checked against them
 * (src/features/billing/__tests__/contract.test.ts). Plain types only: nothing here imports. */

export interface UsageFigures {
  storageGbMonths: number;
  encodedMinutes: number;
  liveMinutes: number;
  deliveredMinutes: number;
}

/** One day of the month's usage. */
export interface DailyUsage extends UsageFigures {
  day: string;
}

export interface Plan {
  name: string;
  custom: boolean; // false: the default plan
  quotas: { storageGb: number; encodedMinutes: number; liveMinutes: number; deliveredMinutes: number };
  prices: { storageGbMonth: number; encodedMinute: number; liveMinute: number; deliveredMinute: number };
}

/** A month of the team's usage (`GET /v1/billing/usage`). */
export interface Usage {
  month: string;
  accountId: string;
  clientId: string; // the client whose plan applies
  clientName: string;
  blocked: boolean; // blocked for non-payment
  currency: string; // ISO 4217
  plan: Plan;
  totals: UsageFigures;
  storageBytesNow: number;
  daily: DailyUsage[];
}

export interface LineItem {
  metric: 'storage' | 'encoded' | 'live' | 'delivered';
  quantity: number; // GB-months or minutes
  included: number; // the plan's quota
  billable: number; // beyond it
  unitPrice: number;
  amount: number;
}

/** The team's monthly statements (`GET /v1/billing/statements`). */
export interface Statements {
  currency: string;
  months: { month: string; total: number; items: LineItem[] }[];
}
