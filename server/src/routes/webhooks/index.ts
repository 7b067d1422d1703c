import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import {
  countWebhooks,
  DELIVERY_LOG_LIMIT,
  deleteWebhook,
  findDelivery,
  findWebhook,
  insertDelivery,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  MAX_WEBHOOKS_PER_ACCOUNT,
} from '../../db/repositories/webhooks.ts';
import type { Executor } from '../../db/schema.ts';
import { AccountIdQuery, bearer, errors } from '../../http/schemas.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import type { EventCode } from '../../lib/event-types.ts';
import { encryptSecret, newWebhookSecret } from '../../lib/webhook-crypto.ts';
import { checkWebhookUrl } from '../../lib/webhook-target.ts';
import { accountOf } from '../../plugins/caller.ts';
import { holdsAny } from '../../services/session.ts';
import { WEBHOOK_EVENT_READ, WEBHOOK_EVENTS, type WebhookEvent } from '../../services/webhook-events.ts';
import {
  CreatedWebhook,
  DeliveryList,
  DeliveryParams,
  deliveryView,
  NewWebhook,
  Redelivery,
  WEBHOOK_PERMISSION,
  WebhookList,
  WebhookParams,
  webhookView,
} from './schemas.ts';

const tags = ['webhooks'];
const config = { permission: WEBHOOK_PERMISSION };

function log(
  trx: Executor,
  request: FastifyRequest,
  accountId: string,
  event: EventCode,
  id: string,
  fields: object,
) {
  return recordActivity(trx, {
    ...activityOf(request),
    accountId,
    event,
    identifier: id,
    record: toRecord(fields as Record<string, unknown>),
  });
}

/** Webhook endpoints of the working team and their delivery log (docs/webhooks.md). */
const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/webhooks',
    {
      config,
      schema: {
        tags,
        summary: "The team's webhook endpoints, and the events one may subscribe to",
        security: bearer,
        querystring: AccountIdQuery,
        response: {
          200: WebhookList,
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const rows = await listWebhooks(app.db, accountOf(request));
      return { webhooks: rows.map(webhookView), events: [...WEBHOOK_EVENTS] };
    },
  );

  app.post(
    '/v1/webhooks',
    {
      config,
      schema: {
        tags,
        summary: 'Add an endpoint; the answer carries its signing secret, shown this once',
        security: bearer,
        querystring: AccountIdQuery,
        body: NewWebhook,
        response: {
          201: CreatedWebhook,
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const url = request.body.url.trim();
      const check = checkWebhookUrl(url, app.config.webhooks.allowPrivate);
      if (check !== 'ok') {
        const key =
          check === 'format'
            ? 'webhookUrlInvalid'
            : check === 'scheme'
              ? 'webhookUrlScheme'
              : 'webhookUrlAddress';
        throw new ApiError(400, key, { field: 'url' });
      }
      // An endpoint tells what happens to videos and lives: only to one who may read them.
      const auth = request.auth!;
      const unreadable = request.body.events.filter(
        (event) => !holdsAny(auth, accountId, WEBHOOK_EVENT_READ[event as WebhookEvent]),
      );
      if (unreadable.length > 0)
        throw new ApiError(403, 'webhookEventForbidden', {
          field: 'events',
          params: { events: unreadable.join(', ') },
        });
      const secret = newWebhookSecret();
      const row = await app.db.transaction().execute(async (trx) => {
        if ((await countWebhooks(trx, accountId)) >= MAX_WEBHOOKS_PER_ACCOUNT)
          throw new ApiError(409, 'webhookLimit', { params: { max: MAX_WEBHOOKS_PER_ACCOUNT } });
        const created = await insertWebhook(trx, {
          accountId,
          url,
          events: request.body.events,
          secretEnc: encryptSecret(app.webhooks.key, accountId, secret),
          createdBy: auth.user.id,
          apiKeyId: auth.apiKey?.id ?? null,
        });
        await log(trx, request, accountId, 'WEBHOOK_CRIADO', created.id, {
          url,
          eventos: request.body.events,
        });
        return created;
      });
      return reply.code(201).send({ webhook: webhookView(row), secret });
    },
  );

  app.delete(
    '/v1/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Remove an endpoint and its delivery log; queued deliveries are dropped',
        security: bearer,
        params: WebhookParams,
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      await app.db.transaction().execute(async (trx) => {
        const gone = await deleteWebhook(trx, accountId, request.params.id.toLowerCase());
        if (!gone) throw new ApiError(404, 'webhookNotFound');
        await log(trx, request, accountId, 'WEBHOOK_REMOVIDO', gone.id, { url: gone.url });
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/v1/webhooks/:id/deliveries',
    {
      config,
      schema: {
        tags,
        summary: `The endpoint's last ${DELIVERY_LOG_LIMIT} deliveries, newest first`,
        security: bearer,
        params: WebhookParams,
        querystring: AccountIdQuery,
        response: { 200: DeliveryList, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const hook = await findWebhook(app.db, accountOf(request), request.params.id.toLowerCase());
      if (!hook) throw new ApiError(404, 'webhookNotFound');
      const rows = await listDeliveries(app.db, hook.id, DELIVERY_LOG_LIMIT);
      return { deliveries: rows.map(deliveryView) };
    },
  );

  app.post(
    '/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config,
      schema: {
        tags,
        summary: 'Send a delivery again: a new delivery with the same body (same event id), queued now',
        security: bearer,
        params: DeliveryParams,
        querystring: AccountIdQuery,
        response: { 202: Redelivery, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const { id, deliveryId } = request.params;
      const row = await app.db.transaction().execute(async (trx) => {
        const original = await findDelivery(trx, accountId, id.toLowerCase(), deliveryId.toLowerCase());
        if (!original) throw new ApiError(404, 'webhookDeliveryNotFound');
        const copy = await insertDelivery(trx, {
          webhookId: original.webhook_id,
          event: original.event,
          body: original.body,
        });
        await app.webhooks.enqueue(copy.id, trx);
        await log(trx, request, accountId, 'WEBHOOK_REENVIADO', original.webhook_id, {
          evento: original.event,
          entrega: original.id,
        });
        return copy;
      });
      return reply.code(202).send({ delivery: deliveryView(row) });
    },
  );
};

export default webhookRoutes;
