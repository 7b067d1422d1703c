import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import { encryptSecret, webhookKey } from '../src/lib/webhook-crypto.ts';
import { checkWebhookUrl, resolveTarget } from '../src/lib/webhook-target.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';

const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const EVENTOS = DEMO_ACCOUNTS.eventosAoVivo.id;

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local webhook receiver: `answer` decides each response (or holds the request: no call to end). */
class Receiver {
  readonly requests: Received[] = [];
  private readonly server: Server;
  private readonly held: ServerResponse[] = [];

  constructor(private readonly answer: (n: number, res: ServerResponse) => void) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        this.held.push(res);
        this.answer(this.requests.length, res);
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  async close(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const ok = (_n: number, res: ServerResponse) => res.writeHead(200).end('thanks');

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (let i = 0; i < 300; i += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** Checks `X-Palco-Signature` as a receiver would (docs/webhooks.md "Verifying"). */
function verify(secret: string, received: Received): boolean {
  const header = String(received.headers['x-palco-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300 || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${received.body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface DeliveryView {
  id: string;
  event: string;
  status: string;
  attempts: number;
  responseCode: number | null;
  error: string | null;
}

let server: TestServer;
let owner: string;
const receivers: Receiver[] = [];

beforeAll(async () => {
  server = await startTestServer({
    webhooks: { allowPrivate: true, timeoutMs: 800, maxAttempts: 3, retryDelaySeconds: 1, concurrency: 3 },
  });
  owner = await loginAs(server.app, 'owner@palco.test');
}, 120_000);

afterAll(async () => {
  await server?.close();
  for (const r of receivers) await r.close();
});

async function receiver(answer: (n: number, res: ServerResponse) => void): Promise<[Receiver, string]> {
  const r = new Receiver(answer);
  receivers.push(r);
  return [r, await r.start()];
}

async function createWebhook(url: string, events: string[], token = owner, accountId = DEMO) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/v1/webhooks?accountId=${accountId}`,
    headers: bearer(token),
    payload: { url, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ webhook: { id: string }; secret: string }>();
}

async function deliveries(id: string): Promise<DeliveryView[]> {
  const res = await server.app.inject({
    method: 'GET',
    url: `/v1/webhooks/${id}/deliveries?accountId=${DEMO}`,
    headers: bearer(owner),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ deliveries: DeliveryView[] }>().deliveries;
}

async function control(streamId: string, action: 'start' | 'complete') {
  const res = await server.app.inject({
    method: 'PUT',
    url: `/v1/live-streams/${streamId}/control/${action}?accountId=${DEMO}`,
    headers: bearer(owner),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function scheduledStream(): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/v1/live-streams?accountId=${DEMO}`,
    headers: bearer(owner),
    payload: { nome: 'Webhook ao vivo', scheduledStartTime: '2030-03-10T19:30:00.000Z' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('webhook deliveries', () => {
  it('a live start reaches the endpoint signed with its secret; send again repeats the same event', {
    timeout: 60_000,
  }, async () => {
    const [good, url] = await receiver(ok);
    const { webhook, secret } = await createWebhook(url, ['live.started']);
    expect(secret).toMatch(/^whsec_/);
    const streamId = await scheduledStream();
    await control(streamId, 'start');

    const first = await until('the delivery', () => good.requests[0]);
    expect(verify(secret, first)).toBe(true);
    expect(verify('whsec_other', first)).toBe(false);
    expect(first.headers['x-palco-event']).toBe('live.started');
    const body = JSON.parse(first.body);
    expect(body).toMatchObject({ event: 'live.started', account_id: DEMO, data: { live_id: streamId } });

    const [logged] = await until('the logged attempt', async () => {
      const rows = await deliveries(webhook.id);
      return rows[0]?.status === 'success' ? rows : undefined;
    });
    expect(logged).toMatchObject({ event: 'live.started', attempts: 1, responseCode: 200, error: null });

    const again = await server.app.inject({
      method: 'POST',
      url: `/v1/webhooks/${webhook.id}/deliveries/${logged!.id}/redeliver?accountId=${DEMO}`,
      headers: bearer(owner),
    });
    expect(again.statusCode, again.body).toBe(202);
    const second = await until('the second delivery', () => good.requests[1]);
    expect(verify(secret, second)).toBe(true);
    expect(JSON.parse(second.body).id).toBe(body.id);
    expect(second.headers['x-palco-delivery']).not.toBe(first.headers['x-palco-delivery']);
    expect(await deliveries(webhook.id)).toHaveLength(2);

    // The secret was shown once: neither the list nor the database holds it in clear.
    const list = await server.app.inject({
      method: 'GET',
      url: `/v1/webhooks?accountId=${DEMO}`,
      headers: bearer(owner),
    });
    expect(list.body).not.toContain(secret);
    const stored = await server.app.db.selectFrom('webhooks').select('secret_enc').execute();
    expect(stored.map((r) => r.secret_enc).join()).not.toContain(secret.slice(6));
  });

  it('a failing receiver is retried until it answers; a slow one times out while the server keeps answering', {
    timeout: 90_000,
  }, async () => {
    const [flaky, flakyUrl] = await receiver((n, res) => res.writeHead(n === 1 ? 500 : 204).end());
    const [slow, slowUrl] = await receiver(() => {});
    const retried = await createWebhook(flakyUrl, ['live.ended']);
    const held = await createWebhook(slowUrl, ['live.ended']);
    const streamId = await scheduledStream();
    await control(streamId, 'start');
    await control(streamId, 'complete');

    // The slow receiver holds its request unanswered; the API still answers meanwhile.
    await until('the slow request', () => slow.requests[0]);
    const meanwhile = await server.app.inject({
      method: 'GET',
      url: `/v1/webhooks?accountId=${DEMO}`,
      headers: bearer(owner),
    });
    expect(meanwhile.statusCode).toBe(200);

    const done = await until('the retried delivery', async () => {
      const [row] = await deliveries(retried.webhook.id);
      return row?.status === 'success' ? row : undefined;
    });
    expect(done).toMatchObject({ attempts: 2, responseCode: 204 });
    expect(flaky.requests).toHaveLength(2);
    expect(flaky.requests[1]!.body).toBe(flaky.requests[0]!.body);
    expect(verify(retried.secret, flaky.requests[1]!)).toBe(true);

    const timedOut = await until('the timed-out attempt', async () => {
      const [row] = await deliveries(held.webhook.id);
      return row && row.attempts >= 1 ? row : undefined;
    });
    expect(timedOut.status).not.toBe('success');
    expect(timedOut.responseCode).toBeNull();
    expect(timedOut.error).toMatch(/timed out/);
  });
});

describe('webhook endpoints', () => {
  it('refuses plain http to public hosts and private, local or metadata addresses (SSRF)', {
    timeout: 60_000,
  }, async () => {
    const allow = server.app.config.webhooks;
    // The same server without WEBHOOK_ALLOW_PRIVATE (the default): the flag is read on each call.
    allow.allowPrivate = false;
    try {
      const refused = async (url: string) => {
        const res = await server.app.inject({
          method: 'POST',
          url: `/v1/webhooks?accountId=${DEMO}`,
          headers: { ...bearer(owner), 'accept-language': 'en' },
          payload: { url, events: ['video.ready'] },
        });
        return expectError(res, 400);
      };
      expect(await refused('http://hooks.example.com/x')).toBe('The webhook URL must use https://');
      for (const url of [
        'https://127.0.0.1/x',
        'https://localhost:8443/x',
        'https://10.1.2.3/x',
        'https://192.168.0.10/x',
        'https://[::1]/x',
        'https://[fd00::1]/x',
        'https://169.254.169.254/latest/meta-data',
        'https://0.0.0.0/x',
        // IPv4 spelled in decimal, octal or hex (the URL parser makes them 127.0.0.1).
        'https://2130706433/x',
        'https://0177.0.0.1/x',
        'https://0x7f000001/x',
        // Every IPv6 form that embeds an IPv4 address (docs/webhooks.md "Addresses (SSRF)"), loopback or
        // public inside.
        'https://[::7f00:1]/x',
        'https://[::127.0.0.1]/x',
        'https://[::808:808]/x',
        'https://[::ffff:127.0.0.1]/x',
        'https://[::ffff:808:808]/x',
        'https://[::ffff:0:7f00:1]/x',
        'https://[64:ff9b::7f00:1]/x',
        'https://[64:ff9b:1::a00:1]/x',
        'https://[2002:7f00:1::1]/x',
        'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x',
        'https://[2a00:1450:4001::5efe:7f00:1]/x',
        'https://[2a00:1450:4001::200:5efe:a00:1]/x',
      ]) {
        expect(await refused(url), url).toBe('The webhook URL cannot point to a local or private address');
      }
      // Nor does a delivery connect to one, even where private targets are allowed.
      for (const host of ['[::7f00:1]', '[::ffff:127.0.0.1]', '[64:ff9b::a00:1]'])
        expect(await resolveTarget(host, true), host).toBeNull();
      // A plain public IPv6 address is a receiver like any other (checked, never contacted).
      expect(checkWebhookUrl('https://[2a00:1450:4001:80b::200e]/x', false)).toBe('ok');
      expect(checkWebhookUrl('https://[2606:4700::6810:84e5]/x', false)).toBe('ok');
      expect(await refused('https://user:pw@hooks.example.com/x')).toMatch(/full URL/);
      expect(await refused('ftp://hooks.example.com/x')).toBe('The webhook URL must use https://');

      // An endpoint whose name resolves to a private address when sent is refused then, not reached.
      const [target, url] = await receiver(ok);
      allow.allowPrivate = true;
      const { webhook } = await createWebhook(url, ['upload.completed']);
      allow.allowPrivate = false;
      const delivery = await server.app.db
        .insertInto('webhook_deliveries')
        .values({ webhook_id: webhook.id, event: 'upload.completed', body: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.app.webhooks.enqueue(delivery.id);
      const row = await until('the refused attempt', async () => {
        const [d] = await deliveries(webhook.id);
        return d?.status === 'failed' ? d : undefined;
      });
      expect(row).toMatchObject({ attempts: 1, error: 'address not allowed', responseCode: null });
      expect(target.requests).toHaveLength(0);
    } finally {
      allow.allowPrivate = true;
    }
  });

  it('sees a local host however it is spelled: trailing dot, capitals, IPv4 forms, bracketed IPv6', {
    timeout: 60_000,
  }, async () => {
    const allow = server.app.config.webhooks;
    allow.allowPrivate = false;
    try {
      for (const lang of ['pt-BR', 'en']) {
        for (const url of [
          'https://localhost./h',
          'https://LOCALHOST./h',
          'https://hooks.localhost./h',
          'https://127.0.0.1./h',
          'https://[::1]/h',
          'https://[0:0:0:0:0:0:0:1]/h',
          'https://0x7f.1/h',
          'https://0177.1/h',
          'https://ｌｏｃａｌｈｏｓｔ./h',
        ]) {
          const res = await server.app.inject({
            method: 'POST',
            url: `/v1/webhooks?accountId=${DEMO}`,
            headers: { ...bearer(owner), 'accept-language': lang },
            payload: { url, events: ['video.ready'] },
          });
          expect(expectError(res, 400), url).toBe(
            lang === 'en'
              ? 'The webhook URL cannot point to a local or private address'
              : 'A URL do webhook não pode apontar para um endereço local ou privado',
          );
        }
      }
      // No host at all once its one trailing dot is taken.
      expect(checkWebhookUrl('https://localhost../h', false)).toBe('format');
      // The same spelling at delivery: an endpoint saved while private targets were allowed is refused
      // for good when sent without them (no DNS question, no retry), and reaches nothing.
      const [target, port] = await receiver(ok).then(([r, u]) => [r, new URL(u).port] as const);
      allow.allowPrivate = true;
      const { webhook } = await createWebhook(`http://localhost.:${port}/hook`, ['upload.completed']);
      allow.allowPrivate = false;
      const send = async () => {
        const delivery = await server.app.db
          .insertInto('webhook_deliveries')
          .values({ webhook_id: webhook.id, event: 'upload.completed', body: '{}' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await server.app.webhooks.enqueue(delivery.id);
        return delivery.id;
      };
      const refused = await send();
      const row = await until('the refused attempt', async () => {
        const d = (await deliveries(webhook.id)).find((x) => x.id === refused);
        return d?.status === 'failed' ? d : undefined;
      });
      expect(row).toMatchObject({ attempts: 1, error: 'address not allowed', responseCode: null });
      expect(target.requests).toHaveLength(0);
      for (const host of ['localhost.', 'LOCALHOST.', '127.0.0.1.', '[::1]', '0x7f.1'])
        expect(await resolveTarget(host, false), host).toBeNull();
      // Where private targets are allowed, `localhost.` is this machine's loopback, as `localhost` is.
      allow.allowPrivate = true;
      const reached = await send();
      await until('the delivery', async () => {
        const d = (await deliveries(webhook.id)).find((x) => x.id === reached);
        return d?.status === 'success' ? d : undefined;
      });
      expect(target.requests).toHaveLength(1);
    } finally {
      allow.allowPrivate = true;
    }
  });

  it('a secret encrypted under another server secret fails its delivery for good, unsent', async () => {
    const [target, url] = await receiver(ok);
    const { webhook } = await createWebhook(url, ['video.ready']);
    const otherKey = webhookKey(new TextEncoder().encode('another server secret of 32+ characters'));
    await server.app.db
      .updateTable('webhooks')
      .set({ secret_enc: encryptSecret(otherKey, DEMO, 'whsec_x') })
      .where('id', '=', webhook.id)
      .execute();
    const delivery = await server.app.db
      .insertInto('webhook_deliveries')
      .values({ webhook_id: webhook.id, event: 'video.ready', body: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.app.webhooks.enqueue(delivery.id);
    const row = await until('the failed delivery', async () => {
      const [d] = await deliveries(webhook.id);
      return d?.status === 'failed' ? d : undefined;
    });
    expect(row.error).toMatch(/secret unreadable/);
    expect(target.requests).toHaveLength(0);
  });

  it('needs the API permission, and another team cannot see or touch an endpoint', async () => {
    const operator = await loginAs(server.app, 'operator@palco.test');
    expectError(
      await server.app.inject({
        method: 'GET',
        url: `/v1/webhooks?accountId=${DEMO}`,
        headers: bearer(operator),
      }),
      403,
    );
    const [, url] = await receiver(ok);
    const { webhook } = await createWebhook(url, ['video.ready']);
    // The owner's other team (where they hold `api`) does not hold this endpoint.
    for (const [method, path] of [
      ['GET', `/v1/webhooks/${webhook.id}/deliveries?accountId=${EVENTOS}`],
      ['DELETE', `/v1/webhooks/${webhook.id}?accountId=${EVENTOS}`],
    ] as const) {
      expectError(await server.app.inject({ method, url: path, headers: bearer(owner) }), 404);
    }
    const other = await server.app.inject({
      method: 'GET',
      url: `/v1/webhooks?accountId=${EVENTOS}`,
      headers: bearer(owner),
    });
    expect(other.json<{ webhooks: { id: string }[] }>().webhooks.map((w) => w.id)).not.toContain(webhook.id);
    // Someone outside the team: the team itself is not found.
    const blocked = await loginAs(server.app, 'blocked@palco.test');
    expectError(
      await server.app.inject({
        method: 'DELETE',
        url: `/v1/webhooks/${webhook.id}?accountId=${DEMO}`,
        headers: bearer(blocked),
      }),
      404,
    );
    const gone = await server.app.inject({
      method: 'DELETE',
      url: `/v1/webhooks/${webhook.id}?accountId=${DEMO}`,
      headers: bearer(owner),
    });
    expect(gone.statusCode).toBe(204);
  });
});
