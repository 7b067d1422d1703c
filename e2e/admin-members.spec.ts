import { expect, test } from '@playwright/test';
import { chooseTeam } from './shell-helpers';
import { signIn } from './support/auth';
import { DEMO } from './support/env';

// /members lists who can see the team's video library (docs/api-admin.md "Members").

test('/members: the owner sees the library members and the add form; an unknown address is refused', async ({
  page,
}) => {
  await signIn(page, DEMO.owner);
  await chooseTeam(page, 'Demo Produções');
  await page.goto('/members');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Membros');
  await expect(page.getByText('Em breve')).toHaveCount(0);
  const rows = page.getByTestId('library-member');
  await expect(rows.filter({ hasText: 'owner@palco.test' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Adicionar membro' })).toBeVisible();
  // An unknown address is refused with the server's message.
  await page.getByLabel('E-mail de um usuário do cliente').fill('ninguem@palco.test');
  await page.getByRole('combobox', { name: 'Cargo' }).click();
  await page.getByRole('listbox', { name: 'Cargo' }).getByRole('option', { name: 'Operador' }).click();
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByText('Usuário não encontrado')).toBeVisible();
});
