import { expect, test } from '@playwright/test';
import { chooseTeam } from './shell-helpers';
import { signIn } from './support/auth';
import { DEMO } from './support/env';

// Every page names itself in the tab ("<page> | Palco"), not "Palco" alone.

test('billing, webhooks, settings and profile name themselves in the tab title', async ({ page }) => {
  await signIn(page, DEMO.owner);
  await chooseTeam(page, 'Demo Produções');
  for (const [path, title] of [
    ['/billing', 'Billing | Palco'],
    ['/webhooks', 'Webhooks | Palco'],
    ['/account/settings', 'Configurações | Palco'],
    ['/profile', 'Meu perfil | Palco'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page, path).toHaveTitle(title);
  }
});

test('an owner (showClients, not staff) asking for /clients lands on /403, not on a failing list', async ({
  page,
}) => {
  await signIn(page, DEMO.owner);
  await chooseTeam(page, 'Demo Produções');
  await page.goto('/clients');
  await expect(page).toHaveURL(/\/403$/);
});
