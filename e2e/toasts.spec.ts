import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// docs/ui.md "Toasts": toasts never cover the header's controls (team selector, language selector,
// logout) and at most 3 are visible at once, on a desktop and on a phone.

const toasts = (page: Page) => page.locator('[data-scope="toast"][data-part="root"]');

/** The element a pointer gets at the centre of `control` is the control or inside it. */
async function reachable(control: Locator) {
  const box = await control.boundingBox();
  if (!box) throw new Error('control not visible');
  return control.evaluate(
    (el, [x, y]) => {
      const top = document.elementFromPoint(x, y);
      return !!top && el.contains(top);
    },
    [box.x + box.width / 2, box.y + box.height / 2] as const,
  );
}

async function fiveToasts(page: Page) {
  await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  // Saving the general settings unchanged toasts 'Configurações gerais salvas', quickly (no dialog):
  // five saves come well within a toast's 5 seconds.
  await page.goto('/streaming/settings');
  const save = page.getByRole('button', { name: 'Salvar configurações' });
  for (let i = 0; i < 5; i++) {
    await save.click();
    await expect(save).not.toHaveAttribute('aria-busy', 'true');
  }
  // Five asked for, three shown: the other two wait their turn (they take the place of the first ones
  // when those expire, so the count stays at three meanwhile).
  await expect(toasts(page)).toHaveCount(3);
  await expect(toasts(page).filter({ hasText: 'Configurações gerais salvas' })).toHaveCount(3);
  const header = page.locator('header');
  const controls = {
    team: header.getByRole('button', { name: /Selecionar time/ }),
    language: header.getByRole('combobox'),
    logout: header.getByRole('link', { name: 'Sair' }),
  };
  for (const [name, control] of Object.entries(controls)) {
    await expect(control).toBeVisible();
    expect(await reachable(control), `${name} is covered`).toBe(true);
  }
}

test('five toasts on a desktop: three shown, none over the header', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await fiveToasts(page);
});

test('five toasts on a phone (390 px): three shown, none over the header', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await fiveToasts(page);
});
