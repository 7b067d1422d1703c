import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { planOfClient } from '../../billing/report.ts';
import { listAccountIdsOfClient, setClientBlocked } from '../../db/repositories/accounts.ts';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import { findClientById } from '../../db/repositories/clients.ts';
import { deleteClientPlan, saveClientPlan } from '../../db/repositories/plans.ts';
import type { Executor } from '../../db/schema.ts';
import { AccountIdQuery, bearer, errors, Name, Uuid } from '../../http/schemas.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import type { EVENT_TYPES } from '../../lib/event-types.ts';
import { PlanSchema, Prices, Quotas } from './schemas.ts';

const ClientParams = Type.Object({ clientId: Uuid });

const PlanBody = Type.Object(
  {
    name: Name({ minLength: 1, maxLength: 80 }),
    currency: Type.String({ minLength: 3, maxLength: 3, description: 'ISO 4217, e.g. BRL' }),
    quotas: Quotas,
    prices: Prices,
  },
  { additionalProperties: false },
);

async function clientOr404(request: FastifyRequest, clientId: string) {
  const client = await findClientById(request.server.db, clientId.toLowerCase());
  if (!client) throw new ApiError(404, 'clientNotFound');
  return client;
}

/** One entry per team of the client: each team's log tells what happened to it. */
async function logPerTeam(
  trx: Executor,
  request: FastifyRequest,
  clientId: string,
  event: keyof typeof EVENT_TYPES,
  fields: Record<string, unknown>,
  accountIds?: string[],
) {
  const ids = accountIds ?? (await listAccountIdsOfClient(trx, clientId));
  for (const accountId of ids) {
    await recordActivity(trx, {
      accountId,
      event,
      identifier: clientId,
      record: toRecord(fields),
      ...activityOf(request),
    });
  }
}

/** Staff's side of billing: a client's plan, and blocking for non-payment (docs/billing.md). */
const clientBillingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['billing'];

  app.get(
    '/v1/clients/:clientId/plan',
    {
      config: { permission: 'staff' },
      schema: {
        tags,
        summary: "A client's plan (the default one when staff set none)",
        security: bearer,
        params: ClientParams,
        querystring: AccountIdQuery,
        response: {
          200: Type.Object({ ...PlanSchema.properties, currency: Type.String() }),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const client = await clientOr404(request, request.params.clientId);
      const plan = await planOfClient(app, client.id);
      return plan;
    },
  );

  app.put(
    '/v1/clients/:clientId/plan',
    {
      config: { permission: 'staff' },
      schema: {
        tags,
        summary: "Sets a client's plan: quotas included per month, prices per unit beyond them, currency",
        security: bearer,
        params: ClientParams,
        querystring: AccountIdQuery,
        body: PlanBody,
        response: {
          200: Type.Object({ ...PlanSchema.properties, currency: Type.String() }),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const client = await clientOr404(request, request.params.clientId);
      const currency = request.body.currency.toUpperCase();
      if (!/^[A-Z]{3}$/.test(currency)) throw new ApiError(400, 'currencyInvalid', { field: 'currency' });
      const plan = { ...request.body, name: request.body.name.trim() || client.name, currency };
      await app.db.transaction().execute(async (trx) => {
        await saveClientPlan(trx, client.id, plan);
        await logPerTeam(trx, request, client.id, 'PLANO_ATUALIZADO', { cliente: client.name, ...plan });
      });
      return { ...plan, custom: true };
    },
  );

  app.delete(
    '/v1/clients/:clientId/plan',
    {
      config: { permission: 'staff' },
      schema: {
        tags,
        summary: 'Puts the client back on the default plan',
        security: bearer,
        params: ClientParams,
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const client = await clientOr404(request, request.params.clientId);
      await app.db.transaction().execute(async (trx) => {
        await deleteClientPlan(trx, client.id);
        await logPerTeam(trx, request, client.id, 'PLANO_REMOVIDO', { cliente: client.name });
      });
      return reply.code(204).send(null);
    },
  );

  for (const action of ['block', 'unblock'] as const) {
    const blocked = action === 'block';
    app.post(
      `/v1/clients/:clientId/${action}`,
      {
        config: { permission: 'staff' },
        schema: {
          tags,
          summary: blocked
            ? 'Blocks every team of the client for non-payment: uploads and new streams are refused, stored videos keep being delivered'
            : 'Unblocks every team of the client',
          security: bearer,
          params: ClientParams,
          querystring: AccountIdQuery,
          response: {
            200: Type.Object({
              clientId: Uuid,
              blocked: Type.Boolean(),
              changed: Type.Array(Uuid, { description: 'the teams whose state changed' }),
            }),
            ...errors(400, 401, 404),
          },
        },
      },
      async (request) => {
        const client = await clientOr404(request, request.params.clientId);
        const changed = await app.db.transaction().execute(async (trx) => {
          const ids = await setClientBlocked(trx, client.id, blocked);
          await logPerTeam(
            trx,
            request,
            client.id,
            blocked ? 'CONTA_BLOQUEADA' : 'CONTA_DESBLOQUEADA',
            { cliente: client.name, bloqueada: blocked },
            ids,
          );
          return ids;
        });
        return { clientId: client.id, blocked, changed };
      },
    );
  }
};

export default clientBillingRoutes;
