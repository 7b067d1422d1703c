import { Type } from '@fastify/type-provider-typebox';

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
  currency: Type.String({ description: 'ISO 4217' }),
  plan: PlanSchema,
  totals: Figures,
  storageBytesNow: Type.Integer({ description: 'bytes the team holds right now' }),
  daily: Type.Array(Type.Object({ day: Day, ...Figures.properties })),
});
