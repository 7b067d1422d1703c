import { expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import type { EVENT_TYPES } from '../src/lib/event-types.ts';
import type { TestServer } from './helpers.ts';
import type { Call } from './logs-coverage-call.ts';

// The webhook exercises of logs-coverage.test.ts (same contract as logs-coverage-admin.ts).

interface WebhookCtx {
  call: Call;
  act: Call;
  owner: string;
}

const DEMO = DEMO_ACCOUNTS.demoProducoes.id;

async function newWebhook(ctx: WebhookCtx): Promise<string> {
  const res = await ctx.call(ctx.owner, 'POST', `/v1/webhooks?accountId=${DEMO}`, {
    url: 'https://hooks.example.com/palco',
    events: ['video.ready'],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ webhook: { id: string } }>().webhook.id;
}

export function webhookExercises(
  server: () => TestServer,
): Record<string, (ctx: WebhookCtx) => Promise<{ event: keyof typeof EVENT_TYPES; secrets?: string[] }>> {
  return {
    'POST /v1/webhooks': async (ctx) => {
      const res = await ctx.act(ctx.owner, 'POST', `/v1/webhooks?accountId=${DEMO}`, {
        url: 'https://hooks.example.com/created',
        events: ['live.started', 'live.ended'],
      });
      return { event: 'WEBHOOK_CRIADO', secrets: [res.json<{ secret: string }>().secret] };
    },
    'DELETE /v1/webhooks/:id': async (ctx) => {
      const id = await newWebhook(ctx);
      await ctx.act(ctx.owner, 'DELETE', `/v1/webhooks/${id}?accountId=${DEMO}`);
      return { event: 'WEBHOOK_REMOVIDO' };
    },
    'POST /v1/webhooks/:id/deliveries/:deliveryId/redeliver': async (ctx) => {
      const id = await newWebhook(ctx);
      const delivery = await server()
        .app.db.insertInto('webhook_deliveries')
        .values({ webhook_id: id, event: 'video.ready', body: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.act(
        ctx.owner,
        'POST',
        `/v1/webhooks/${id}/deliveries/${delivery.id}/redeliver?accountId=${DEMO}`,
      );
      return { event: 'WEBHOOK_REENVIADO' };
    },
  };
}
