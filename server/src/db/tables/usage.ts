import type { ColumnType, Generated } from 'kysely';

/** What usage is measured in (docs/billing.md "Metrics"). */
export const USAGE_METRICS = [
  'storage_gb_month',
  'encoded_minutes',
  'live_minutes',
  'delivered_minutes',
] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

/** A raw record's metric: storage is sampled as bytes held and turned into GB-months per day. */
export type RawMetric = Exclude<UsageMetric, 'storage_gb_month'> | 'storage_bytes';

/**
 * One raw usage record, keyed by what produced it (`transcode:<videoId>`, `live:…`, `storage:<day>`,
 * `delivered:<day>`): recording the same thing twice replaces it, never counts it twice.
 */
export interface UsageEventsTable {
  account_id: string;
  source_key: string;
  metric: RawMetric;
  /** UTC day 'YYYY-MM-DD'. */
  day: string;
  quantity: number;
  recorded_at: Generated<Date>;
}

/** The per-team, per-day sums, rebuilt from usage_events (never written otherwise). */
export interface UsageDailyTable {
  account_id: string;
  day: string;
  metric: UsageMetric;
  quantity: number;
}

export interface PlanQuotas {
  storageGb: number;
  encodedMinutes: number;
  liveMinutes: number;
  deliveredMinutes: number;
}

/** Price per unit beyond nothing: GB-month, encoded minute, live minute, delivered minute. */
export interface PlanPrices {
  storageGbMonth: number;
  encodedMinute: number;
  liveMinute: number;
  deliveredMinute: number;
}

export interface ClientPlansTable {
  client_id: string;
  name: string;
  currency: string;
  quotas: ColumnType<PlanQuotas, string, string>;
  prices: ColumnType<PlanPrices, string, string>;
  updated_at: Generated<Date>;
}
