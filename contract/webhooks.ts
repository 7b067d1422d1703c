/* The webhooks page's answers as JSON on the wire (docs/webhooks.md): dates are ISO strings, absent values
 * `null`. The server's TypeBox schemas (server/src/routes/webhooks/schemas.ts) are checked equal to these,
 * the console's structs (src/features/webhooks/api) checked against them
 * (src/features/webhooks/__tests__/contract.test.ts). Plain types only: nothing here imports. */

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  createdAt: string;
}

/** `GET /v1/webhooks`: the team's endpoints and the events one may subscribe to. */
export interface WebhookList {
  webhooks: Webhook[];
  events: string[];
}

/** `POST /v1/webhooks`: the signing secret, shown this once. */
export interface CreatedWebhook {
  webhook: Webhook;
  secret: string;
}

export interface Delivery {
  id: string;
  event: string;
  status: 'pending' | 'success' | 'failed';
  attempts: number;
  responseCode: number | null;
  durationMs: number | null;
  error: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
}

/** `GET /v1/webhooks/{id}/deliveries`: the last 50. */
export interface DeliveryList {
  deliveries: Delivery[];
}

/** `POST /v1/webhooks/{id}/deliveries/{deliveryId}/redeliver`: the delivery queued again. */
export interface Redelivery {
  delivery: Delivery;
}
