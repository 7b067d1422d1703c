import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';
import { DEMO } from './support/env';

// SPEC §2.2 route gates (unauthorised → /403), the 404 and error pages, public pages.

const NO_ACCESS = 'Parece que você não pode andar por aqui';

test('an operator visiting /billing lands on /403', async ({ page }) => {
  await signIn(page, DEMO.operator);
  await page.goto('/billing');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NO_ACCESS);
  await expect(page.getByText(/administrador da sua conta/)).toBeVisible();
});

test('every gated page the operator lacks sends them to /403; the allowed ones open', async ({ page }) => {
  await signIn(page, DEMO.operator);
  const refused = [
    '/users',
    '/teams',
    '/roles',
    '/permissions',
    '/clients',
    '/api-keys',
    '/integrations',
    '/account/settings',
    '/analytics',
    '/atendimento/abc',
  ];
  for (const path of refused) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/403$/);
  }
  for (const [path, title] of [
    ['/streaming', 'Transmissões'],
    ['/broadcast', 'Broadcast'],
    ['/historic', 'Histórico de transmissões'],
    ['/members', 'Membros'],
    ['/records', 'Registros'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  }
  await page.goto('/vod');
  await expect(page).toHaveURL(/\/vod\/dashboard$/);
});

test("a refused page does not become the page '/' returns to", async ({ page }) => {
  await signIn(page, DEMO.operator);
  await page.goto('/historic');
  await expect(page.getByRole('heading', { name: 'Histórico de transmissões' })).toBeVisible();
  await page.goto('/billing');
  await expect(page).toHaveURL(/\/403$/);
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page).toHaveURL(/\/historic$/);
});

test('an unknown path shows the error page', async ({ page }) => {
  await page.goto('/nada/por/aqui');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('OOPS! Alguma coisa deu errado!');
  await page.goto('/not-found');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('OOPS! Alguma coisa deu errado!');
  await page.goto('/error');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('OOPS! Alguma coisa deu errado!');
});

test('public pages open without a session; console pages ask for login', async ({ page }) => {
  await page.goto('/403');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NO_ACCESS);
  // The classroom is for viewers: it answers without a session, never with the login (an unknown class
  // says so; e2e/classroom.spec.ts registers for a real one).
  await page.goto('/classroom?liveId=1');
  await expect(page).toHaveURL(/\/classroom/);
  await expect(page.getByRole('alert')).toHaveText('Sala de aula não encontrada');
  await page.goto('/streaming');
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login/);
});
