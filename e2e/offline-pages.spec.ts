import { expect, type Page, test } from '@playwright/test';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// Pages that work offline or say why (docs/routes.md "Offline"). A page visited online shows its saved data
// offline, with the usual offline indication (the 'as of' bar and the offline notice), never
// "Não foi possível carregar…" nor an error banner above the data; the create wizard offline stays in
// the shell (it opens from the precache, or says it needs a connection), never the whole-app error page.

test.describe.configure({ timeout: 90_000 });

const TEAM = 'Demo Produções';
const STALE = /^Você está offline\. Exibindo dados de \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}\.$/;

async function waitForController(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
    timeout: 15_000,
  });
}

/** The shell is there (menu, team) and the whole-app error page is not. */
async function expectShell(page: Page) {
  await expect(page.getByTestId('current-team')).toHaveText(TEAM);
  await expect(page.getByText('OOPS! Alguma coisa deu errado!')).toHaveCount(0);
}

/** Offline, the page's saved data shows under the 'as of' bar, with the offline notice, no error. */
async function expectSavedData(page: Page) {
  await expectShell(page);
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await expect(page.getByTestId('list-stale')).toHaveText(STALE);
  await expect(page.getByText(/Não foi possível carregar/)).toHaveCount(0);
}

test('pages visited online show their saved data offline, with the offline indication', async ({
  page,
  context,
}) => {
  await signInWithTeam(page, DEMO.owner, TEAM);

  // Online: each page with its data, opened from the menu (one document, so each answer reaches the
  // saved cache).
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await page.goto('/account/settings');
  await expect(page.locator('input[name="name"]')).toHaveValue(TEAM);
  await waitForController(page);
  await menu.getByRole('link', { name: 'Chaves de API' }).click();
  await expect(
    page.getByText(/Nenhuma chave criada nesta equipe|Último uso|Nunca usada/).first(),
  ).toBeVisible();
  const keysOnline = await page.getByTestId('api-key').count();
  await menu.getByRole('link', { name: 'Teams' }).click();
  await expect(page.getByRole('button', { name: `Renomear ${TEAM}` })).toBeVisible();
  await menu.getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByRole('region', { name: 'Uso do mês' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Extratos' })).toBeVisible();
  // The query cache reaches IndexedDB shortly after it changes.
  await page.waitForTimeout(1500);

  await context.setOffline(true);
  try {
    await page.reload();
    await expectSavedData(page);
    await expect(page.getByRole('region', { name: 'Uso do mês' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: /Não foi possível/ })).toHaveCount(0);

    for (const [path, shown] of [
      ['/account/settings', () => expect(page.locator('input[name="name"]')).toHaveValue(TEAM)],
      ['/api-keys', () => expect(page.getByTestId('api-key')).toHaveCount(keysOnline)],
      ['/teams', () => expect(page.getByRole('button', { name: `Renomear ${TEAM}` })).toBeVisible()],
    ] as const) {
      await page.goto(path);
      await expectSavedData(page);
      await shown();
    }
    // A second offline start still has the data: a refetch that failed offline does not drop it from
    // what is saved.
    await page.reload();
    await expectSavedData(page);
    await expect(page.getByRole('button', { name: `Renomear ${TEAM}` })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('offline, "Nova transmissão" → "Transmissão única" opens the wizard from what the library saved', async ({
  page,
  context,
}) => {
  await signInWithTeam(page, DEMO.owner, TEAM);
  await page.goto('/streaming');
  await expect(page.getByRole('button', { name: 'Nova transmissão' })).toBeVisible();
  await waitForController(page);
  await page.waitForTimeout(1500);

  await context.setOffline(true);
  try {
    await page.reload();
    await expectShell(page);
    await page.getByRole('button', { name: 'Nova transmissão' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Transmissão única/ })
      .click();
    await expect(page).toHaveURL(/\/streaming\/new$/);
    await expectShell(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nova transmissão');
    await expect(page.locator('input[name="nome"]')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('offline with nothing saved for it, the wizard says it needs the connection, inside the shell', async ({
  page,
  context,
}) => {
  await signInWithTeam(page, DEMO.owner, TEAM);
  // The library (which saves the general settings) is never opened on this device.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
  await waitForController(page);
  await page.waitForTimeout(1500);

  await context.setOffline(true);
  try {
    await page.goto('/streaming/new');
    await expectShell(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nova transmissão');
    const state = page.getByTestId('page-load-error');
    await expect(state).toContainText('Você está offline');
    await expect(state).toContainText('configurações gerais da conta, que ainda não foram salvas');

    // Back online, the wizard opens by itself.
    await context.setOffline(false);
    await expect(page.locator('input[name="nome"]')).toBeVisible({ timeout: 15_000 });
    await expect(state).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});
