import { expect, test } from '@playwright/test';
import { chooseTeam } from './shell-helpers';
import { signIn } from './support/auth';
import { DEMO } from './support/env';

// docs/api-keys.md: an API key created in /api-keys calls the API as its creator, within its scope, until
// it is revoked; the page links to the API reference.

test('the owner creates a key, the API answers it within its scope, and after the revoke it does not', async ({
  page,
  request,
}) => {
  const name = `integração ${Date.now().toString(36)}`;
  await signIn(page, DEMO.owner);
  await chooseTeam(page, 'Demo Produções');
  await page.goto('/api-keys');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chaves de API');
  await expect(page.getByRole('link', { name: 'Referência da API' })).toHaveAttribute('href', '/docs');

  await page.getByRole('button', { name: 'Nova chave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova chave de API' });
  await dialog.getByLabel('Nome da chave').fill(name);
  await dialog.getByRole('checkbox', { name: 'showVOD' }).check();
  await dialog.getByRole('button', { name: 'Criar chave' }).click();
  const created = page.getByRole('dialog', { name: 'Chave criada' });
  const secret = await created.getByTestId('api-key-secret').inputValue();
  expect(secret).toMatch(/^palco_live_/);
  await created.getByRole('button', { name: 'Concluir' }).click();

  const row = page.getByTestId('api-key').filter({ hasText: name });
  await expect(row).toContainText(secret.slice(0, 19));
  await expect(row).toContainText('Nunca usada');
  await expect(page.getByText(secret)).toHaveCount(0);

  const withKey = { headers: { authorization: `Bearer ${secret}` } };
  const videos = await request.get('/v1/videos', withKey);
  expect(videos.status()).toBe(200);
  expect((await request.get('/v1/live-streams', withKey)).status()).toBe(403);

  await page.reload();
  await expect(row).toContainText('Último uso');
  await row.getByRole('button', { name: /Revogar/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revogar', exact: true }).click();
  await expect(row).toHaveCount(0);
  expect((await request.get('/v1/videos', withKey)).status()).toBe(401);
});

test('the new-key dialog describes each permission, in the console’s language (not bare codes)', async ({
  page,
}) => {
  await signIn(page, DEMO.owner);
  await chooseTeam(page, 'Demo Produções');
  await page.goto('/api-keys');
  await page.getByRole('button', { name: 'Nova chave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova chave de API' });
  const vod = dialog.getByTestId('key-scope').filter({ hasText: 'showVOD' });
  await expect(vod).toContainText('Menu Video on Demand: a biblioteca de vídeos e quem pode vê-la');
  // Every offered permission carries its description, and the checkbox is named by it.
  const scopes = dialog.getByTestId('key-scope');
  expect(await scopes.count()).toBeGreaterThan(3);
  for (const text of await scopes.allTextContents()) expect(text).toMatch(/^\w+\S.*\s/);
  await expect(
    dialog.getByRole('checkbox', { name: /Menu Video on Demand: a biblioteca de vídeos/ }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await page.getByRole('button', { name: 'New key' }).click();
  const english = page.getByRole('dialog', { name: 'New API key' });
  await expect(english.getByTestId('key-scope').filter({ hasText: 'showVOD' })).toContainText(
    'Video on Demand menu: the video library and who can see it',
  );
});
