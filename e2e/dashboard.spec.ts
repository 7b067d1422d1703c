import { expect, test } from '@playwright/test';
import { type Api, controlStream, createStream, unique } from './streaming-helpers';
import { DEMO } from './support/env';
import { signInWithTeam, waitForPersisted } from './support/pwa';

// /dashboard (docs/routes.md "Breadcrumb") lists what is live and the recent uploads, each linking to its
// page; offline it shows the saved figures with the time they are from.

test('the dashboard links live streams and uploads to their pages, and offline shows "as of"', async ({
  page,
  context,
}) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const stream = await createStream(api, unique('Painel ao vivo'));
  await controlStream(api, stream.id, 'start');
  const title = unique('Upload do painel');
  const created = await page.request.post('/v1/videos/vod', {
    headers: { Authorization: `Bearer ${token}` },
    params: { accountId: teamId },
    data: { title },
  });
  expect(created.status()).toBe(201);
  const videoId = ((await created.json()) as { id: string }).id;
  try {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
    const live = page.getByRole('region', { name: 'Ao vivo agora' });
    await live.getByRole('link', { name: stream.nome }).click();
    await expect(page).toHaveURL(new RegExp(`/streaming/${stream.id}/panel$`));

    await page.goto('/dashboard');
    const uploads = page.getByRole('region', { name: 'Uploads recentes' });
    await expect(uploads.getByRole('listitem').filter({ hasText: title })).toContainText('Aguardando envio');
    await uploads.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/vod/dashboard\\?videoId=${videoId}$`));

    await page.goto('/dashboard');
    await expect(live.getByRole('link', { name: stream.nome })).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
      timeout: 15_000,
    });
    // The query cache reaches IndexedDB shortly after it changes: the live is in the saved copy.
    await waitForPersisted(page, ['dashboard'], stream.nome);
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
      await expect(live.getByRole('link', { name: stream.nome })).toBeVisible();
      await expect(page.getByTestId('list-stale').first()).toContainText(
        /^Você está offline\. Exibindo dados de \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}\.$/,
      );
    } finally {
      await context.setOffline(false);
    }
  } finally {
    await controlStream(api, stream.id, 'complete');
  }
});
