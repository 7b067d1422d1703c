import { expect, type Page, test } from '@playwright/test';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// Console polish / SPEC §4: role names are shown capitalised ("proprietário" → "Proprietário") wherever
// the console shows them: the header's team selector, the team carousel (teams.spec.ts) and the team's
// users list in the streaming settings.

const usersList = async (page: Page) => {
  await page.goto('/streaming/settings');
  await page.getByRole('tab', { name: 'Permissões', exact: true }).click();
  return page.getByTestId('account-user');
};

test('owner@palco.test sees "Proprietário" and "Administrador", capitalised, where roles are shown', async ({
  page,
}) => {
  await signInWithTeam(page, DEMO.owner, 'Demo Produções');

  // The team's users list (desktop table).
  let users = await usersList(page);
  await expect(users.filter({ hasText: 'owner@palco.test' })).toContainText('Proprietário');
  await expect(users.filter({ hasText: 'operator@palco.test' })).toContainText('Operador');
  await expect(users.filter({ hasText: 'owner@palco.test' })).not.toContainText('proprietário');

  // The header's team selector names each team's role.
  await page.getByRole('button', { name: /Selecionar time/ }).click();
  const teams = page.getByRole('list', { name: 'Times' });
  await expect(teams.getByRole('button', { name: /Demo Produções/ })).toContainText('Proprietário');
  await expect(teams.getByRole('button', { name: /Eventos Ao Vivo/ })).toContainText('Administrador');

  // In the other team the owner is an administrator; the users list says so.
  await teams.getByRole('button', { name: /Eventos Ao Vivo/ }).click();
  await expect(page.getByTestId('current-team')).toHaveText('Eventos Ao Vivo');
  users = await usersList(page);
  await expect(users.filter({ hasText: 'owner@palco.test' })).toContainText('Administrador');
  await expect(users.filter({ hasText: 'owner@palco.test' })).not.toContainText('administrador');
});

test('a phone shows the users list as cards, with the role capitalised too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const users = await usersList(page);
  const owner = users.filter({ hasText: 'owner@palco.test' });
  await expect(owner.getByText('Proprietário', { exact: true })).toBeVisible();
  await expect(
    users.filter({ hasText: 'operator@palco.test' }).getByText('Operador', { exact: true }),
  ).toBeVisible();
});
