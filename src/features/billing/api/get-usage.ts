import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, boolean, type Infer, number, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';

const Figures = {
  storageGbMonths: number(),
  encodedMinutes: number(),
  liveMinutes: number(),
  deliveredMinutes: number(),
};

export const PlanStruct = type({
  name: string(),
  custom: boolean(),
  quotas: type({
    storageGb: number(),
    encodedMinutes: number(),
    liveMinutes: number(),
    deliveredMinutes: number(),
  }),
  prices: type({
    storageGbMonth: number(),
    encodedMinute: number(),
    liveMinute: number(),
    deliveredMinute: number(),
  }),
});
export type Plan = Infer<typeof PlanStruct>;

export const UsageStruct = type({
  month: string(),
  accountId: string(),
  clientId: string(),
  clientName: string(),
  blocked: boolean(),
  currency: string(),
  plan: PlanStruct,
  totals: type(Figures),
  storageBytesNow: number(),
  daily: array(type({ day: string(), ...Figures })),
});
export type Usage = Infer<typeof UsageStruct>;
export type UsageDay = Usage['daily'][number];

/** GET /v1/billing/usage (docs/billing.md): the selected team's usage this month against its plan. */
export const usageQueryOptions = (month?: string) =>
  queryOptions({
    queryKey: ['billing-usage', session.get().user?.selectedTeamId ?? null, month ?? 'current'],
    queryFn: () => api('/v1/billing/usage', UsageStruct, { query: { month } }),
  });

export const useUsage = (month?: string) => useQuery(usageQueryOptions(month));
