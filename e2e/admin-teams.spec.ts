import { expect, test } from '@playwright/test';
import { ownerApi } from './admin-helpers';
import { signIn } from './support/auth';
import { DEMO } from './support/env';
import { makePng } from './vod-helpers';

// /teams (docs/api-admin.md "Teams") — create, rename, picture, members; the header's team selector of every
// tab follows. A fresh member with gerenciarTimes does it, so the demo users' team lists stay as the
// other specs expect them.

const DEMO_ACCOUNT = 'a0000000-0000-4000-8000-000000000002';

test('/teams: create and rename a team; the header selector of this and another tab follows', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const owner = await ownerApi(request, DEMO.owner, DEMO_ACCOUNT);
  const gestor = await owner.newMember(`gestor-${stamp}@palco.test`, ['gerenciarTimes', 'showVOD']);

  await signIn(page, gestor.email, gestor.password);
  await page.goto('/teams');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Times');
  const rows = page.getByTestId('client-team');
  await expect(rows.filter({ hasText: 'Eventos Ao Vivo' })).toBeVisible();
  await expect(page.getByText('Em breve')).toHaveCount(0);

  // A second tab of the same browser, on another page.
  const other = await context.newPage();
  await other.goto('/vod');
  await expect(other.getByTestId('current-team')).toHaveText('Demo Produções');

  const name = `Time ${stamp}`;
  await page.getByRole('button', { name: 'Novo time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo time' });
  await dialog.getByLabel('Nome do time').fill('eventos ao VIVO');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Já existe um time deste cliente com este nome')).toBeVisible();
  await dialog.getByLabel('Nome do time').fill(name);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  const row = rows.filter({ hasText: name });
  await expect(row).toContainText('1 membro');
  await row.getByRole('button', { name: `Ver membros ${name}` }).click();
  await expect(row.getByRole('list', { name: `Membros de ${name}` })).toContainText(gestor.email);

  // This tab's selector lists it at once.
  await page.getByTestId('current-team').click();
  await expect(page.getByRole('list', { name: 'Times' }).last()).toContainText(name);
  await page.keyboard.press('Escape');

  // Renamed: the other tab's selector shows the new name without a reload.
  const renamed = `${name} renomeado`;
  await row.getByRole('button', { name: `Renomear ${name}` }).click();
  const rename = page.getByRole('dialog', { name: 'Renomear time' });
  await rename.getByLabel('Nome do time').fill(renamed);
  await rename.getByRole('button', { name: 'Salvar' }).click();
  await expect(rename).toBeHidden();
  await expect(rows.filter({ hasText: renamed })).toBeVisible();

  await other.bringToFront();
  await other.getByTestId('current-team').click();
  const otherList = other.getByRole('list', { name: 'Times' }).last();
  await expect(otherList).toContainText(renamed);

  // A picture: decoded by the server and shown in the row.
  await page.bringToFront();
  const picked = rows.filter({ hasText: renamed });
  await picked.locator('input[type="file"]').setInputFiles(makePng(`team-${stamp}.png`));
  await expect(picked.locator('img')).toHaveAttribute('src', /\/media\/teams\/.+\.png$/);
  // The new picture loads after its src is set: it decodes to a real image (not a broken one).
  await expect
    .poll(() => picked.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
});

test('/teams on a 390 px phone: the list fits', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const stamp = Date.now().toString(36);
  const owner = await ownerApi(request, DEMO.owner, DEMO_ACCOUNT);
  const gestor = await owner.newMember(`gestor-fone-${stamp}@palco.test`, ['gerenciarTimes']);
  await signIn(page, gestor.email, gestor.password);
  await page.goto('/teams');
  const row = page.getByTestId('client-team').filter({ hasText: 'Demo Produções' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: /^Ver membros/ })).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
