import { expect, test } from '@playwright/test';
import { type Api, createStream } from './streaming-helpers';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// The studio's defaults and texts (docs/studio.md "Studio defaults"): choosing 'Estúdio' in the wizard
// proposes the ultra low latency (the viewers' sub-second WHEP playback), which the user may change; a
// studio live's panel says to open the studio, not to connect an encoder; the host chats as the host.

test('wizard: Estúdio preselects Ultra baixa with a hint, and the user may change it back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  await page.goto('/streaming/new');
  await expect(page.locator('input[name="nome"]')).toBeVisible({ timeout: 30_000 });
  await page.locator('input[name="nome"]').fill(`Estúdio padrão ${Date.now()}`);
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Configurações' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Padrão' })).toBeChecked();

  await page.getByRole('radio', { name: 'Estúdio' }).check();
  await expect(page.getByRole('radio', { name: 'Ultra baixa (beta)' })).toBeChecked();
  await expect(page.getByText('Para o estúdio recomendamos "Ultra baixa"')).toBeVisible();

  // The user's choice stands.
  await page.getByRole('radio', { name: 'Padrão' }).check();
  await expect(page.getByRole('radio', { name: 'Padrão' })).toBeChecked();
  await page.getByRole('radio', { name: 'Encoder' }).check();
  await expect(page.getByRole('radio', { name: 'Padrão' })).toBeChecked();
  await expect(page.getByText('Para o estúdio recomendamos "Ultra baixa"')).toHaveCount(0);
});

test("a studio live's panel says to open the studio, an encoder live's to connect the encoder", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const studio = await createStream(api, `Estúdio painel ${Date.now()}`, { type: 'studio' });
  await page.goto(`/streaming/${studio.id}/panel`);
  const notice = page.getByTestId('panel-not-started');
  await expect(notice).toContainText('Abra o estúdio', { timeout: 30_000 });
  await expect(notice).not.toContainText('encoder');

  const encoder = await createStream(api, `Encoder painel ${Date.now()}`);
  await page.goto(`/streaming/${encoder.id}/panel`);
  await expect(page.getByTestId('panel-not-started')).toContainText('conecte o encoder para um ensaio', {
    timeout: 30_000,
  });
});

test('the host chats from the studio, marked as the host in the class chat', async ({ page }) => {
  test.setTimeout(90_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const live = await createStream(api, `Estúdio chat ${Date.now()}`, {
    type: 'studio',
    studio: { chat: true },
  });
  await page.goto(`/studio/${live.id}`);
  const form = page.getByRole('form', { name: 'Escrever no chat como apresentador' });
  await form
    .getByRole('textbox', { name: 'Mensagem do apresentador' })
    .fill('Bem-vindos!', { timeout: 30_000 });
  await form.getByRole('button', { name: 'Enviar' }).click();
  const chat = page.frameLocator('iframe[title="Chat"]');
  const message = chat.getByRole('listitem').filter({ hasText: 'Bem-vindos!' });
  await expect(message).toContainText('(apresentador)', { timeout: 30_000 });
});
