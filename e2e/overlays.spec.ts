import { expect, type Locator, type Page, test } from '@playwright/test';
import { createStream, searchByName, unique } from './streaming-helpers';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// Console polish: a dialog opened a second time must sit above its own backdrop, for every dialog
// built on the shared wrapper.

/** The element painted on top at the centre of `target`, hit-testing everything (while a modal is
 * open Ark makes the page, backdrop included, ignore the pointer, so a plain hit test would look
 * through a backdrop that covers the dialog). True when it is `target` or inside it. */
async function paintedOnTop(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error('not visible');
  const handle = await target.elementHandle();
  return page.evaluate(
    ([el, x, y]) => {
      const probe = document.createElement('style');
      probe.textContent = '* { pointer-events: auto !important; }';
      document.head.append(probe);
      const top = document.elementFromPoint(x as number, y as number);
      probe.remove();
      return !!top && (el as Element).contains(top);
    },
    [handle, box.x + box.width / 2, box.y + box.height / 2] as const,
  );
}

/** Opens a dialog three times (closing it with its own button); each time its button is on top and
 * takes the click (Playwright's click times out when another element would get the pointer). */
async function reopen(page: Page, open: () => Promise<void>, name: string, button: string) {
  for (let round = 1; round <= 3; round++) {
    await open();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    const target = dialog.getByRole('button', { name: button, exact: true });
    expect(await paintedOnTop(page, target), `round ${round}: the dialog is under its backdrop`).toBe(true);
    await target.click({ timeout: 3_000 });
    await expect(dialog).toBeHidden();
  }
}

test('the apply-settings confirmation is on top each time it opens', async ({ page }) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const tag = unique('Reabrir');
  await createStream({ request: page.request, token, teamId }, tag);
  await page.goto('/streaming');
  await searchByName(page, tag);
  await page.getByRole('checkbox', { name: `Selecionar ${tag}` }).check();
  await reopen(
    page,
    () => page.getByRole('button', { name: 'Aplicar configurações gerais (1)' }).click(),
    'Aplicar configurações gerais',
    'Cancelar',
  );
});

test('the new-folder dialog is on top each time it opens', async ({ page }) => {
  await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  await page.goto('/vod/dashboard');
  await reopen(
    page,
    () => page.getByRole('button', { name: 'Nova pasta', exact: true }).click(),
    'Nova pasta',
    'Cancelar',
  );
});
