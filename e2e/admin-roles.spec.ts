import { expect, test } from '@playwright/test';
import { chooseTeam, menu } from './shell-helpers';
import { closeToasts } from './streaming-helpers';
import { signIn } from './support/auth';
import { DEMO } from './support/env';

// /roles (docs/api-admin.md "Roles"): create, edit, delete with the permissions' descriptions; and the
// staff /permissions.

test('the owner creates a role from described permissions, cannot grant staff, renames and deletes it', async ({
  page,
}) => {
  const name = `editor ${Date.now().toString(36)}`;
  await signIn(page, DEMO.owner);
  await chooseTeam(page, 'Demo Produções');
  await menu(page).getByRole('link', { name: 'Roles' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cargos');
  await expect(page.getByTestId('role').filter({ hasText: 'Proprietário' })).toBeVisible();

  await page.getByRole('button', { name: 'Novo cargo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo cargo' });
  await dialog.getByLabel('Nome do cargo').fill(name);
  const vod = dialog.getByRole('checkbox', { name: /showVOD/ });
  await expect(
    dialog.getByText('Menu Video on Demand: a biblioteca de vídeos e quem pode vê-la'),
  ).toBeVisible();
  await vod.check();
  await expect(dialog.getByRole('checkbox', { name: /palcoDeveloper/ })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('role').filter({ hasText: name.replace(/^e/, 'E') });
  await expect(row).toContainText('1 permissão');
  await expect(row).toContainText('0 usuários');

  await row.getByRole('button', { name: /Editar/ }).click();
  const edit = page.getByRole('dialog', { name: 'Editar cargo' });
  await edit.getByLabel('Nome do cargo').fill(`${name} 2`);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  const renamed = page.getByTestId('role').filter({ hasText: `${name.replace(/^e/, 'E')} 2` });
  await expect(renamed).toBeVisible();

  // The 'created' and 'saved' notices sit top right, where a row's buttons can be.
  await closeToasts(page);
  await renamed.getByRole('button', { name: /Excluir/ }).click();
  await expect(page.getByText('Nenhum usuário tem este cargo.')).toBeVisible();
  await page.getByRole('button', { name: 'Excluir', exact: true }).click();
  await expect(renamed).toHaveCount(0);
});

test('staff read the permission catalogue with the roles of every client', async ({ page }) => {
  await signIn(page, DEMO.staff);
  await page.goto('/streaming');
  await menu(page).getByRole('link', { name: 'Permissions' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Permissões');
  const staff = page.getByTestId('permission').filter({ hasText: 'palcoDeveloper' });
  await expect(staff).toContainText('Equipe interna');
  await expect(staff).toContainText('Desenvolvedor · Palco Interno · Palco');
  await expect(page.getByTestId('permission').filter({ hasText: 'showUsers' })).toContainText('/users');
});
