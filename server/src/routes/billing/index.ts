import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { rebuildDay } from '../../billing/metering.ts';
import { currentMonth, usageReport } from '../../billing/report.ts';
import { statements } from '../../billing/statements.ts';
import { AccountIdQuery, bearer, errors } from '../../http/schemas.ts';
import { workingAccount } from '../videos/common.ts';
import clientBillingRoutes from './clients.ts';
import { Day, Month, StatementsSchema, UsageSchema } from './schemas.ts';

/** Usage metering and billing (docs/billing.md). */
const billingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/billing/usage',
    {
      config: { permission: { anyOf: ['showFinancial', 'staff'] } },
      schema: {
        tags: ['billing'],
        summary: "A team's usage in a month against its client's plan",
        security: bearer,
        querystring: Type.Object({
          ...AccountIdQuery.properties,
          month: Type.Optional({ ...Month, description: 'YYYY-MM (UTC); the current month when absent' }),
        }),
        response: { 200: UsageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const account = await workingAccount(request);
      return usageReport(app, account, request.query.month ?? currentMonth());
    },
  );

  app.get(
    '/v1/billing/statements',
    {
      config: { permission: { anyOf: ['showFinancial', 'staff'] } },
      schema: {
        tags: ['billing'],
        summary: "A team's closed months (at most 24, newest first) with their line items",
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: StatementsSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => statements(app, await workingAccount(request)),
  );

  app.post(
    '/v1/billing/usage/rebuild',
    {
      config: { permission: 'staff' },
      schema: {
        tags: ['billing'],
        summary: "Recomputes a day's usage of every team from the raw records (staff only)",
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({ day: Day }, { additionalProperties: false }),
        response: { 200: Type.Object({ day: Day, rows: Type.Integer() }), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const rows = await rebuildDay(app.db, request.body.day);
      return { day: request.body.day, rows: rows.length };
    },
  );

  await app.register(clientBillingRoutes);
};

export default billingRoutes;
