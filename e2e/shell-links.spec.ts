import { expect, test } from '@playwright/test';
import { createStream, deleteStream, unique } from './streaming-helpers';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// /dashboard and /overlays were reachable only by typing their address. The dashboard
// is the breadcrumb home (SPEC §2.2): every shell page starts with 'Início' › the page's section; a
// live's control panel opens /overlays with that live chosen.

const TEAM = 'Demo Produções';

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the breadcrumb leads home to the dashboard (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInWithTeam(page, DEMO.owner, TEAM);
    await page.goto('/billing');
    const trail = page.getByRole('navigation', { name: 'Trilha de navegação' });
    await expect(trail).toHaveText(/^Início\s*\/\s*Billing$/);
    await trail.getByRole('link', { name: 'Início' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
    // On the home itself the trail is the current page, not a link.
    await expect(trail.getByRole('link')).toHaveCount(0);
    await expect(trail.locator('[aria-current="page"]')).toHaveText('Início');

    // A page under a menu entry is named by that entry.
    await page.goto('/streaming/new');
    await expect(trail).toHaveText(/^Início\s*\/\s*Transmissões$/);
  });
}

test('the control panel opens the overlays with its live chosen', async ({ page }) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const api = { request: page.request, token, teamId };
  const live = await createStream(api, unique('Aula com overlays'));
  try {
    await page.goto(`/streaming/${live.id}/panel`);
    await page.getByRole('link', { name: 'Overlays', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/overlays\\?live=${live.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Overlays' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Transmissão' })).toContainText(live.nome);
    await expect(page.getByRole('navigation', { name: 'Trilha de navegação' })).toHaveText(
      /^Início\s*\/\s*Overlays$/,
    );
  } finally {
    await deleteStream(api, live.id);
  }
});
