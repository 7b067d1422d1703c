import { type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/billing.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';

export const Month = Type.String({
  pattern: '^(19|20)\\d\\d-(0[1-9]|1[0-2])$',
  description: 'YYYY-MM (UTC)',
});
export const Day = Type.String({
  pattern: '^(19|20)\\d\\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  description: 'YYYY-MM-DD (UTC)',
});

const Amount = Type.Number({ minimum: 0, maximum: 1e9 });

export const Quotas = Type.Object({
  storageGb: Amount,
  encodedMinutes: Amount,
  liveMinutes: Amount,
  deliveredMinutes: Amount,
});

export const Prices = Type.Object(
  {
    storageGbMonth: Amount,
    encodedMinute: Amount,
    liveMinute: Amount,
    deliveredMinute: Amount,
  },
  { description: 'price per unit beyond the quota, in the plan currency' },
);

export const Figures = Type.Object({
  storageGbMonths: Type.Number(),
  encodedMinutes: Type.Number(),
  liveMinutes: Type.Number(),
  deliveredMinutes: Type.Number(),
});

export const PlanSchema = Type.Object({
  name: Type.String(),
  custom: Type.Boolean({ description: 'false: the default plan (staff set none for this client)' }),
  quotas: Quotas,
  prices: Prices,
});

export const UsageSchema = Type.Object({
  month: Month,
  accountId: Type.String({ format: 'uuid' }),
  clientId: Type.String({ format: 'uuid', description: 'the client whose plan applies (staff acts on it)' }),
  clientName: Type.String(),
  blocked: Type.Boolean({ description: 'blocked for non-payment' }),
  currency: Type.String({ description: 'ISO 4217' }),
  plan: PlanSchema,
  totals: Figures,
  storageBytesNow: Type.Integer({ description: 'bytes the team holds right now' }),
  daily: Type.Array(Type.Object({ day: Day, ...Figures.properties })),
});

export const StatementsSchema = Type.Object({
  currency: Type.String(),
  months: Type.Array(
    Type.Object({
      month: Month,
      total: Type.Number({ description: 'sum of the amounts, in the currency' }),
      items: Type.Array(
        Type.Object({
          metric: Type.Union([
            Type.Literal('storage'),
            Type.Literal('encoded'),
            Type.Literal('live'),
            Type.Literal('delivered'),
          ]),
          quantity: Type.Number({ description: 'used: GB-months or minutes' }),
          included: Type.Number({ description: 'the quota of the plan' }),
          billable: Type.Number({ description: 'beyond the quota' }),
          unitPrice: Type.Number(),
          amount: Type.Number(),
        }),
      ),
    }),
  ),
});

// The answers equal contract/billing.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type UsageMatchesContract = Expect<Equal<Static<typeof UsageSchema>, Contract.Usage>>;
export type StatementsMatchesContract = Expect<Equal<Static<typeof StatementsSchema>, Contract.Statements>>;
