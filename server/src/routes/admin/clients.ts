import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { DEFAULT_PLAN } from '../../billing/report.ts';
import { listClientOverviews } from '../../db/repositories/clients.ts';
import { customPlanNames } from '../../db/repositories/plans.ts';
import { bearer, errors, Page, Uuid } from '../../http/schemas.ts';

const ClientSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  blocked: Type.Boolean({ description: 'Every team of the client is blocked' }),
  usersCount: Type.Integer({ description: 'Distinct users across its teams' }),
  plan: Type.Object(
    { name: Type.String(), custom: Type.Boolean({ description: 'false: the default plan' }) },
    { description: 'The billing plan (docs/billing.md): set by staff on /billing, else the default' },
  ),
  accounts: Type.Array(
    Type.Object({ id: Uuid, name: Type.String(), blocked: Type.Boolean(), membersCount: Type.Integer() }),
  ),
});

/** /clients (showClients): staff only on the server, since it lists every client of Palco. */
const clientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/clients',
    {
      config: { permission: 'staff' },
      schema: {
        tags: ['teams'],
        summary: 'Every client with its teams, plan, blocked state and users (staff)',
        description:
          '`search` matches part of the client’s or one of its teams’ names (any case or accent). To act in a ' +
          'client, staff select one of its teams (PUT /bff/me/selected-team), logged as ACESSO_STAFF.',
        security: bearer,
        querystring: Type.Object({
          search: Type.Optional(Type.String({ maxLength: 100 })),
          page: Type.Optional(Page),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
          accountId: Type.Optional(Uuid),
        }),
        response: {
          200: Type.Object({
            items: Type.Array(ClientSchema),
            pagination: Type.Object({
              page: Type.Integer(),
              total: Type.Integer(),
              pagesTotal: Type.Integer(),
            }),
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const search = request.query.search?.trim() ?? '';
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const { items, total } = await listClientOverviews(app.db, { search, page, limit });
      const plans = await customPlanNames(
        app.db,
        items.map((c) => c.id),
      );
      return {
        items: items.map((c) => ({
          ...c,
          blocked: c.accounts.length > 0 && c.accounts.every((a) => a.blocked),
          plan: { name: plans.get(c.id) ?? DEFAULT_PLAN.name, custom: plans.has(c.id) },
        })),
        pagination: { page, total, pagesTotal: Math.max(1, Math.ceil(total / limit)) },
      };
    },
  );
};

export default clientRoutes;
