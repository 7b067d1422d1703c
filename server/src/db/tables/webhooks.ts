import type { Generated, Selectable } from 'kysely';

/** A team's webhook endpoint (docs/webhooks.md). The secret is kept encrypted: signing needs it. */
export interface WebhooksTable {
  id: Generated<string>;
  account_id: string;
  url: string;
  events: string[];
  secret_enc: string;
  created_by: string | null;
  /** The API key it was registered with: it delivers only while that key is valid, and goes with it. */
  api_key_id: Generated<string | null>;
  created_at: Generated<Date>;
}

export type DeliveryStatus = 'pending' | 'success' | 'failed';

/** One event sent (or to be sent) to one endpoint; `body` is exactly the bytes that are signed. */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  webhook_id: string;
  event: string;
  body: string;
  status: Generated<DeliveryStatus>;
  attempts: Generated<number>;
  response_code: number | null;
  duration_ms: number | null;
  error: string | null;
  created_at: Generated<Date>;
  last_attempt_at: Date | null;
}

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
