import { type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/webhooks.ts';
import type { DeliveryRow, WebhookRow } from '../../db/tables/webhooks.ts';
import { Nullable, Uuid } from '../../http/schemas.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { MAX_WEBHOOK_URL } from '../../lib/webhook-target.ts';
import type { RoutePermission } from '../../permissions.ts';
import { WEBHOOK_EVENTS } from '../../services/webhook-events.ts';

/** The same people as /api-keys (SPEC route table: showClients; the menu's API entry: api). */
export const WEBHOOK_PERMISSION: RoutePermission = { anyOf: ['showClients', 'api'] };

export const EventName = Type.Union(
  WEBHOOK_EVENTS.map((e) => Type.Literal(e)),
  { description: 'A webhook event (docs/webhooks.md)' },
);

export const NewWebhook = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: MAX_WEBHOOK_URL, description: 'https:// endpoint' }),
    events: Type.Array(EventName, { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true }),
  },
  { additionalProperties: false },
);

export const Webhook = Type.Object({
  id: Uuid,
  url: Type.String(),
  events: Type.Array(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
});

export const Delivery = Type.Object({
  id: Uuid,
  event: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('success'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  responseCode: Nullable(Type.Integer()),
  durationMs: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  lastAttemptAt: Nullable(Type.String({ format: 'date-time' })),
});

export const WebhookList = Type.Object({ webhooks: Type.Array(Webhook), events: Type.Array(Type.String()) });
export const CreatedWebhook = Type.Object({ webhook: Webhook, secret: Type.String() });
export const DeliveryList = Type.Object({ deliveries: Type.Array(Delivery) });
export const Redelivery = Type.Object({ delivery: Delivery });

// The answers equal contract/webhooks.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type WebhookMatchesContract = Expect<Equal<Static<typeof Webhook>, Contract.Webhook>>;
export type WebhookListMatchesContract = Expect<Equal<Static<typeof WebhookList>, Contract.WebhookList>>;
export type CreatedWebhookMatchesContract = Expect<
  Equal<Static<typeof CreatedWebhook>, Contract.CreatedWebhook>
>;
export type DeliveryMatchesContract = Expect<Equal<Static<typeof Delivery>, Contract.Delivery>>;
export type DeliveryListMatchesContract = Expect<Equal<Static<typeof DeliveryList>, Contract.DeliveryList>>;
export type RedeliveryMatchesContract = Expect<Equal<Static<typeof Redelivery>, Contract.Redelivery>>;

export const WebhookParams = Type.Object({ id: Uuid });
export const DeliveryParams = Type.Object({ id: Uuid, deliveryId: Uuid });

export function webhookView(row: WebhookRow) {
  return { id: row.id, url: row.url, events: row.events, createdAt: row.created_at.toISOString() };
}

export function deliveryView(row: DeliveryRow) {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    responseCode: row.response_code,
    durationMs: row.duration_ms,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
  };
}
