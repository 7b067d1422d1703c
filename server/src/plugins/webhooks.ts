import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobWithMetadata, SendOptions } from 'pg-boss';
import { isDatabaseUnreachable } from '../db/database.ts';
import {
  deliveryToSend,
  insertDelivery,
  recordAttempt,
  subscribedWebhooks,
} from '../db/repositories/webhooks.ts';
import type { Executor } from '../db/schema.ts';
import { decryptSecret, webhookKey } from '../lib/webhook-crypto.ts';
import { type WebhookEvent, webhookEventOf } from '../services/webhook-events.ts';
import { sendDelivery } from '../services/webhook-send.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: Webhooks;
  }
}

export const WEBHOOK_QUEUE = 'webhook-delivery';
/** Events waiting for the database at most, per instance (a few hundred bytes each). */
export const WEBHOOK_OUTBOX_MAX = 1000;
const OUTBOX_RETRY_FIRST_MS = 1000;
const OUTBOX_RETRY_MAX_MS = 5000;

export interface Webhooks {
  /** Encrypts and decrypts endpoint secrets (lib/webhook-crypto.ts). */
  key: Buffer;
  /** Queues one delivery per subscribed endpoint of the team, in the background (through the outbox). */
  raise(accountId: string, event: WebhookEvent, data: Record<string, unknown>): void;
  /** Queues a delivery row already written (by `raise` or "send again"), with `trx` when given. */
  enqueue(deliveryId: string, trx?: Executor): Promise<void>;
}

/** The delivery body: what is signed and what the receiver parses. `id` names the event, not the attempt. */
export function deliveryBody(accountId: string, event: string, data: Record<string, unknown>): string {
  return JSON.stringify({
    id: randomUUID(),
    event,
    created_at: new Date().toISOString(),
    account_id: accountId,
    data,
  });
}

async function deliver(app: FastifyInstance, key: Buffer, job: JobWithMetadata<{ deliveryId: string }>) {
  const { config, db } = app;
  const row = await deliveryToSend(db, job.data.deliveryId);
  // The endpoint was deleted meanwhile (its deliveries with it), or this one already arrived.
  if (!row || row.status === 'success') return;
  let secret: string;
  try {
    secret = decryptSecret(key, row.account_id, row.secret_enc);
  } catch {
    // Encrypted under another server secret (JWT_SECRET changed): no attempt can ever be signed.
    const error = 'secret unreadable: recreate the endpoint';
    await recordAttempt(db, row.id, { status: 'failed', responseCode: null, durationMs: 0, error });
    return;
  }
  const attempt = await sendDelivery({
    url: row.url,
    body: row.body,
    secret,
    event: row.event,
    deliveryId: row.id,
    timeoutMs: config.webhooks.timeoutMs,
    allowPrivate: config.webhooks.allowPrivate,
  });
  const last = attempt.final || job.retryCount >= job.retryLimit;
  // The receiver may have it already: recorded across a PostgreSQL restart, not thrown, so a retry
  // finds `success` and does not send it twice (docs/operations.md "Webhooks across a PostgreSQL restart").
  await app.jobs.persist(() =>
    recordAttempt(db, row.id, {
      status: attempt.ok ? 'success' : last ? 'failed' : 'pending',
      responseCode: attempt.responseCode,
      durationMs: attempt.durationMs,
      error: attempt.error,
    }),
  );
  // Thrown, the job is retried by the queue after its (doubling) delay.
  if (!attempt.ok && !last) throw new Error(`webhook delivery ${row.id}: ${attempt.error}`);
}

/**
 * Webhooks: every account event raised on this instance that an endpoint subscribed to becomes a
 * delivery row and a pg-boss job; workers send them with retries and exponential backoff. Deliveries
 * run in the queue's workers, never in a request, so a slow or down receiver only holds a worker.
 */
export default fp(
  async (app) => {
    const { webhooks: settings } = app.config;
    const key = webhookKey(app.jwtKey);
    const jobOptions: SendOptions = {
      retryLimit: settings.maxAttempts - 1,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: Math.ceil(settings.timeoutMs / 1000) + 60,
    };
    const { boss } = app.jobs;
    await boss.createQueue(WEBHOOK_QUEUE, jobOptions);

    // The outbox (docs/operations.md "Webhook events while PostgreSQL is down"): an event is stored
    // (its delivery rows and jobs) from here, in order; while the database is unreachable it stays,
    // and the store is tried again after 1, 2, 4, 5, 5 … s, so an event raised during a PostgreSQL
    // restart is delivered afterwards instead of lost. Bounded: past WEBHOOK_OUTBOX_MAX events waiting,
    // a new one is dropped (logged). Held in memory only: lost if this instance stops first.
    const outbox: { accountId: string; event: WebhookEvent; body: string }[] = [];
    let storing = false;
    let retryMs = OUTBOX_RETRY_FIRST_MS;
    let retry: NodeJS.Timeout | undefined;
    let closed = false;
    const store = async ({ accountId, event, body }: (typeof outbox)[number]) => {
      const targets = await subscribedWebhooks(app.db, accountId, event);
      if (targets.length === 0) return;
      // One transaction for every endpoint: a store tried again never leaves some rows twice.
      await app.db.transaction().execute(async (trx) => {
        for (const target of targets) {
          const row = await insertDelivery(trx, { webhookId: target.id, event, body });
          await webhooks.enqueue(row.id, trx);
        }
      });
    };
    // In the background tasks (tests and shutdown wait for them), but never waiting there for the
    // database: a failed store returns and a timer starts the next try.
    const drain = () => {
      if (storing || closed) return;
      storing = true;
      clearTimeout(retry);
      app.runInBackground('webhooks: outbox', async () => {
        try {
          while (outbox.length > 0) {
            const next = outbox[0]!;
            try {
              await store(next);
            } catch (error) {
              if (isDatabaseUnreachable(error)) {
                if (retryMs === OUTBOX_RETRY_FIRST_MS)
                  app.log.warn({ waiting: outbox.length }, 'webhook events kept until the database answers');
                retry = setTimeout(drain, retryMs);
                retry.unref();
                retryMs = Math.min(retryMs * 2, OUTBOX_RETRY_MAX_MS);
                return;
              }
              app.log.error(
                { err: error, event: next.event, accountId: next.accountId },
                'webhook event not stored',
              );
            }
            outbox.shift();
            retryMs = OUTBOX_RETRY_FIRST_MS;
          }
        } finally {
          storing = false;
        }
      });
    };
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(retry);
      if (outbox.length > 0)
        app.log.error({ lost: outbox.length }, 'webhook events lost: the database never answered');
    });

    const webhooks: Webhooks = {
      key,
      raise(accountId, event, data) {
        if (outbox.length >= WEBHOOK_OUTBOX_MAX) {
          app.log.error({ event, accountId }, 'webhook event dropped: the outbox is full');
          return;
        }
        outbox.push({ accountId, event, body: deliveryBody(accountId, event, data) });
        drain();
      },
      async enqueue(deliveryId, trx) {
        await app.jobs.send(WEBHOOK_QUEUE, { deliveryId }, jobOptions, trx);
      },
    };
    app.decorate('webhooks', webhooks);
    app.events.observe((accountId, evento, payload) => {
      const found = webhookEventOf(evento, payload);
      if (found) webhooks.raise(accountId, found.event, found.data);
    });

    for (let i = 0; i < settings.concurrency; i += 1) {
      await boss.work(
        WEBHOOK_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
        async ([job]: JobWithMetadata<{ deliveryId: string }>[]) => {
          if (job) await app.jobs.settle(() => deliver(app, key, job));
        },
      );
    }
  },
  { name: 'webhooks', dependencies: ['jobs', 'realtime', 'auth', 'background'] },
);
