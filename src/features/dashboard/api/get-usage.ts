import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Infer, number, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';

const Figures = type({
  storageGbMonths: number(),
  encodedMinutes: number(),
  liveMinutes: number(),
  deliveredMinutes: number(),
});

const UsageStruct = type({
  month: string(),
  plan: type({
    name: string(),
    quotas: type({
      storageGb: number(),
      encodedMinutes: number(),
      liveMinutes: number(),
      deliveredMinutes: number(),
    }),
  }),
  totals: Figures,
  storageBytesNow: number(),
});
export type Usage = Infer<typeof UsageStruct>;

/** GET /v1/billing/usage (docs/billing.md): only asked by holders of showFinancial. */
export const dashboardUsageQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard-usage', session.get().user?.selectedTeamId ?? null],
    queryFn: () => api('/v1/billing/usage', UsageStruct),
  });
export const useUsage = (enabled: boolean) => useQuery({ ...dashboardUsageQueryOptions(), enabled });
