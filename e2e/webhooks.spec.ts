import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { type Api, controlStream, createStream, toast, unique } from './streaming-helpers';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// docs/webhooks.md: a webhook created on /webhooks receives a signed delivery of a real event, its
// delivery log shows it, and "Enviar de novo" sends the same event again.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

test('create a webhook, receive a signed delivery, send it again, delete it', async ({ page }) => {
  const received: Received[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/palco`;
  try {
    const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
    const api: Api = { request: page.request, token, teamId };
    await page.goto('/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await page.getByRole('button', { name: 'Novo webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo webhook' });
    await dialog.getByLabel('URL').fill(url);
    await dialog.getByRole('checkbox', { name: 'Transmissão iniciada' }).check();
    await dialog.getByRole('button', { name: 'Criar webhook' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Concluir' }).click();
    const card = page.getByTestId('webhook').filter({ hasText: url });
    await expect(card).toBeVisible();

    const stream = await createStream(api, unique('Webhook e2e'));
    await controlStream(api, stream.id, 'start');
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const [first] = received;
    const [t, v1] = String(first?.headers['x-palco-signature'])
      .split(',')
      .map((p) => p.split('=')[1]);
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${first?.body}`).digest('hex'));
    expect(JSON.parse(first?.body ?? '{}')).toMatchObject({
      event: 'live.started',
      data: { live_id: stream.id },
    });

    await card.getByRole('button', { name: 'Entregas' }).click();
    const rows = card.getByTestId('webhook-delivery');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Entregue');
    await rows.first().getByRole('button', { name: 'Enviar de novo' }).click();
    await expect(toast(page, 'Entrega reenviada')).toBeVisible();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
    expect(JSON.parse(received[1]?.body ?? '{}').id).toBe(JSON.parse(first?.body ?? '{}').id);
    await expect(rows).toHaveCount(2);

    await controlStream(api, stream.id, 'complete');
    await card.getByRole('button', { name: 'Excluir' }).click();
    await page
      .getByRole('dialog', { name: 'Excluir o webhook?' })
      .getByRole('button', { name: 'Excluir' })
      .click();
    await expect(card).toHaveCount(0);
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
