import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { DeliveryRow, DeliveryStatus, WebhookRow } from '../tables/webhooks.ts';

/** Endpoints a team may hold, and delivery rows one endpoint's log shows. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 20;
export const DELIVERY_LOG_LIMIT = 50;

export async function listWebhooks(db: Executor, accountId: string): Promise<WebhookRow[]> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function countWebhooks(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findWebhook(
  db: Executor,
  accountId: string,
  id: string,
): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertWebhook(
  db: Executor,
  values: {
    accountId: string;
    url: string;
    events: string[];
    secretEnc: string;
    createdBy: string | null;
    apiKeyId: string | null;
  },
): Promise<WebhookRow> {
  return db
    .insertInto('webhooks')
    .values({
      account_id: values.accountId,
      url: values.url,
      events: values.events,
      secret_enc: values.secretEnc,
      created_by: values.createdBy,
      api_key_id: values.apiKeyId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteWebhook(
  db: Executor,
  accountId: string,
  id: string,
): Promise<WebhookRow | undefined> {
  return db
    .deleteFrom('webhooks')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The team's endpoints that asked for this event; one registered through an API key only while that
 * key is valid (a revoked key's endpoints are deleted with it, an expired key's stay silent).
 */
export async function subscribedWebhooks(
  db: Executor,
  accountId: string,
  event: string,
): Promise<WebhookRow[]> {
  return db
    .selectFrom('webhooks as w')
    .leftJoin('api_keys as k', 'k.id', 'w.api_key_id')
    .selectAll('w')
    .where('w.account_id', '=', accountId)
    .where(sql<boolean>`${event} = any(w.events)`)
    .where((eb) =>
      eb.or([
        eb('w.api_key_id', 'is', null),
        eb.and([eb('k.revoked_at', 'is', null), eb('k.expires_at', '>', sql<Date>`now()`)]),
      ]),
    )
    .execute();
}

/** Deletes the endpoints registered through a key (its revocation): their log and queue go too. */
export async function deleteWebhooksOfKey(db: Executor, apiKeyId: string): Promise<WebhookRow[]> {
  return db.deleteFrom('webhooks').where('api_key_id', '=', apiKeyId).returningAll().execute();
}

export async function insertDelivery(
  db: Executor,
  values: { webhookId: string; event: string; body: string },
): Promise<DeliveryRow> {
  return db
    .insertInto('webhook_deliveries')
    .values({ webhook_id: values.webhookId, event: values.event, body: values.body })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listDeliveries(db: Executor, webhookId: string, limit: number): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A delivery of one of the team's endpoints. */
export async function findDelivery(
  db: Executor,
  accountId: string,
  webhookId: string,
  id: string,
): Promise<DeliveryRow | undefined> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .selectAll('d')
    .where('w.account_id', '=', accountId)
    .where('w.id', '=', webhookId)
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** What the delivery job needs: the row, and its endpoint's address and secret (gone with the endpoint). */
export async function deliveryToSend(
  db: Executor,
  id: string,
): Promise<(DeliveryRow & { url: string; secret_enc: string; account_id: string }) | undefined> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .selectAll('d')
    .select(['w.url', 'w.secret_enc', 'w.account_id'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export async function recordAttempt(
  db: Executor,
  id: string,
  outcome: { status: DeliveryStatus; responseCode: number | null; durationMs: number; error: string | null },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status: outcome.status,
      attempts: eb('attempts', '+', 1),
      response_code: outcome.responseCode,
      duration_ms: outcome.durationMs,
      error: outcome.error,
      last_attempt_at: new Date(),
    }))
    .where('id', '=', id)
    .execute();
}
