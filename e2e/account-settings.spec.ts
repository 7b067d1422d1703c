import { expect, type Page, test } from '@playwright/test';
import { chooseTeam } from './shell-helpers';
import { signIn } from './support/auth';
import { DEMO, DEMO_PASSWORD } from './support/env';

// /account/settings (docs/api-admin.md "Account settings") — the team's settings and the user's own profile.

const TEAM = 'Demo Produções';

async function restore(page: Page, body: object, password?: string) {
  const res = await page.request.post('/api/user/login', {
    data: { login: DEMO.owner, password: password ?? DEMO_PASSWORD },
  });
  if (!res.ok()) return;
  const { Token } = (await res.json()) as { Token: string };
  const headers = { authorization: `Bearer ${Token}` };
  if (password) {
    await page.request.post('/v1/me/password', {
      headers,
      data: { currentPassword: password, newPassword: DEMO_PASSWORD },
    });
    return;
  }
  const me = await page.request.get('/bff/me', { headers });
  const team = (
    (await me.json()) as { contasCargos: Array<{ conta_id: string; conta_nome: string }> }
  ).contasCargos.find((c) => c.conta_nome !== 'Eventos Ao Vivo');
  if (team)
    await page.request.patch(`/v1/account/settings?accountId=${team.conta_id}`, { headers, data: body });
}

test('the owner renames the account and sees the new name in the team selector', async ({ page }) => {
  const renamed = `Demo ${Date.now().toString(36)}`;
  await signIn(page, DEMO.owner);
  await chooseTeam(page, TEAM);
  try {
    await page.goto('/account/settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configurações');
    const account = page.getByRole('form', { name: 'Conta' });
    await account.getByLabel('Nome da conta').fill(renamed);
    await account.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByTestId('current-team')).toHaveText(renamed);
  } finally {
    await restore(page, { name: TEAM });
  }
});

test('the owner changes the password and signs in again with the new one', async ({ page }) => {
  const password = `n${Date.now().toString(36).slice(-6)}`;
  await signIn(page, DEMO.owner);
  await chooseTeam(page, TEAM);
  await page.goto('/account/settings');
  const form = page.getByRole('form', { name: 'Alterar senha' });
  try {
    await form.getByLabel('Senha atual', { exact: true }).fill('errada');
    await form.getByLabel('Nova senha', { exact: true }).fill(password);
    await form.getByLabel('Repita a nova senha', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Atualizar senha' }).click();
    await expect(form.getByRole('alert')).toHaveText('A senha atual está incorreta');

    await form.getByLabel('Senha atual', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Atualizar senha' }).click();
    await expect(form.getByLabel('Senha atual', { exact: true })).toHaveValue('');
    // This session goes on with the token the change answered.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configurações');

    await page.evaluate(() => localStorage.clear());
    await page.goto('/auth/login');
    await page.getByLabel('E-mail').fill(DEMO.owner);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).not.toHaveURL(/\/auth\/login/);
  } finally {
    await restore(page, {}, password);
  }
});

test('the FPS limit takes whole numbers only: 2.5 is refused with the spec’s message, not saved as 2', async ({
  page,
}) => {
  await signIn(page, DEMO.owner);
  await chooseTeam(page, TEAM);
  await page.goto('/account/settings');
  const account = page.getByRole('form', { name: 'Conta' });
  const field = account.getByLabel('Limite de FPS');
  await expect(field).not.toHaveValue('');
  const before = await field.inputValue();
  const saved: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/v1/account/settings')) saved.push(r.postData() ?? '');
  });
  await field.fill('2.5');
  await account.getByRole('button', { name: 'Salvar' }).click();
  await expect(account.getByText('Apenas números inteiros')).toBeVisible();
  // What the user typed stays as typed, and nothing was sent.
  await expect(field).toHaveValue('2.5');
  await page.reload();
  await expect(account.getByLabel('Limite de FPS')).toHaveValue(before);
  expect(saved).toEqual([]);
});

test('/account/settings on a 390 px phone: nothing wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.owner);
  await chooseTeam(page, TEAM);
  await page.goto('/account/settings');
  await expect(page.getByRole('form', { name: 'Conta' }).getByLabel('Nome da conta')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Encerrar todas as outras sessões' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
