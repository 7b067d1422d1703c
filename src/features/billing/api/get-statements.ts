import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, enums, type Infer, number, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';

export const LineItemStruct = type({
  metric: enums(['storage', 'encoded', 'live', 'delivered']),
  quantity: number(),
  included: number(),
  billable: number(),
  unitPrice: number(),
  amount: number(),
});
export type LineItem = Infer<typeof LineItemStruct>;

export const StatementsStruct = type({
  currency: string(),
  months: array(type({ month: string(), total: number(), items: array(LineItemStruct) })),
});
export type Statements = Infer<typeof StatementsStruct>;
export type Statement = Statements['months'][number];

/** GET /v1/billing/statements: the team's closed months with their line items. */
export const statementsQueryOptions = () =>
  queryOptions({
    queryKey: ['billing-statements', session.get().user?.selectedTeamId ?? null],
    queryFn: () => api('/v1/billing/statements', StatementsStruct),
  });

export const useStatements = () => useQuery(statementsQueryOptions());
