import { expect, test } from '@playwright/test';
import { invitationLinkFor, ownerApi } from './admin-helpers';
import { chooseTeam, menu } from './shell-helpers';
import { signIn } from './support/auth';
import { DEMO } from './support/env';

// /users (docs/api-admin.md "Users", "Invitations"), the invitation mail and link, and a role change reaching
// the invitee's console without a reload (docs/routes.md "Following role changes").

const DEMO_ACCOUNT = 'a0000000-0000-4000-8000-000000000002';

test('the owner invites a new address; the invitee sets a password, lands signed in, and follows a role change', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const email = `convidada-${stamp}@palco.test`;
  const owner = await ownerApi(request, DEMO.owner, DEMO_ACCOUNT);
  const visitante = await owner.createRole(`visitante ${stamp}`, ['showVOD']);

  try {
    // The owner invites through /users.
    await signIn(page, DEMO.owner);
    await chooseTeam(page, 'Demo Produções');
    await menu(page).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usuários');
    await expect(page.getByTestId('team-user').filter({ hasText: 'operator@palco.test' })).toContainText(
      'Operador',
    );
    await page.getByRole('button', { name: 'Convidar usuário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Convidar usuário' });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('combobox', { name: 'Cargo' }).click();
    // The list of roles opens above the dialog it belongs to: its option is what a click there hits.
    const option = page.getByRole('option', { name: 'Operador' });
    await expect(option).toBeVisible();
    expect(
      await option.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      }),
    ).toBe(true);
    await option.click();
    await dialog.getByRole('button', { name: 'Enviar convite' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('invitation').filter({ hasText: email })).toContainText('Operador');

    // The invitee opens the mailed link in a browser of their own.
    const link = await invitationLinkFor(email);
    const invitee = await (await browser.newContext()).newPage();
    await invitee.goto(link);
    await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('Convite para Demo Produções');
    await invitee.getByLabel('Seu nome').fill('Convidada E2E');
    await invitee.getByLabel('Crie uma senha', { exact: true }).fill('ab');
    await invitee.getByLabel('Repita a senha', { exact: true }).fill('ab');
    await invitee.getByRole('button', { name: 'Aceitar convite' }).click();
    await expect(invitee.getByText('O tamanho minimo é 4')).toBeVisible();
    await invitee.getByLabel('Crie uma senha', { exact: true }).fill('segredo1');
    await invitee.getByLabel('Repita a senha', { exact: true }).fill('segredo1');
    await invitee.getByRole('button', { name: 'Aceitar convite' }).click();

    // Accepting signed the invitee in, in Demo Produções: straight into the console, the operator's
    // menu only (no trip through the login page).
    await expect(invitee).toHaveURL(/\/streaming$/);
    await expect(invitee.getByTestId('current-team')).toHaveText('Demo Produções');
    const inviteeMenu = menu(invitee);
    await expect(inviteeMenu.getByRole('link', { name: 'Transmissões', exact: true })).toBeVisible();
    await expect(inviteeMenu.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await invitee.goto('/users');
    await expect(invitee).toHaveURL(/\/403$/);
    await invitee.goto('/streaming');

    // The owner changes the role on /users.
    await page.reload();
    const row = page.getByTestId('team-user').filter({ hasText: email });
    await row.getByRole('button', { name: /Alterar cargo/ }).click();
    const change = page.getByRole('dialog', { name: 'Alterar cargo' });
    await change.getByRole('combobox', { name: 'Cargo' }).click();
    await page.getByRole('option', { name: `Visitante ${stamp}` }).click();
    await change.getByRole('button', { name: 'Salvar' }).click();
    await expect(row).toContainText(`Visitante ${stamp}`);

    // The invitee's next navigation inside the console (no reload) brings the new menu.
    await invitee.waitForTimeout(2100);
    await inviteeMenu.getByRole('link', { name: 'Video on Demand' }).click();
    await expect(invitee).toHaveURL(/\/vod\/dashboard$/);
    await expect(inviteeMenu.getByRole('link', { name: 'Transmissões', exact: true })).toHaveCount(0, {
      timeout: 10_000,
    });
    await expect(inviteeMenu.getByRole('link', { name: 'Video on Demand' })).toBeVisible();
    await invitee.goto('/streaming');
    await expect(invitee).toHaveURL(/\/403$/);
    await invitee.context().close();
  } finally {
    const id = await owner.userId(email);
    if (id) await owner.removeUser(id);
    await owner.deleteRole(visitante);
  }
});

test('/users on a 390 px phone: the list fits, and removing asks first', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.owner);
  await chooseTeam(page, 'Demo Produções');
  await page.goto('/users');
  const operator = page.getByTestId('team-user').filter({ hasText: 'operator@palco.test' });
  await expect(operator).toBeVisible();
  await expect(operator).toContainText('Operador');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The search sits right under the invite button (its form once took 320 px of height, mostly blank).
  const invite = (await page.getByRole('button', { name: 'Convidar usuário' }).boundingBox())!;
  const search = (await page.getByRole('searchbox', { name: 'Buscar por nome ou e-mail' }).boundingBox())!;
  expect(search.y - (invite.y + invite.height)).toBeLessThan(100);
  await operator.getByRole('button', { name: /Remover da equipe/ }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(confirm.getByText('Remover usuário da equipe?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(operator).toBeVisible();
});
