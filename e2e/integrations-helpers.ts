import { expect, type Locator, type Page } from '@playwright/test';

/** One card of /integrations by its provider's name (exact: 'Zoom Meetings' is not the multi card). */
export const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** The import switch of a card is a visually hidden checkbox: the user clicks its label. */
export async function flipSwitch(page: Page, cardName: string) {
  // `has` is relative to the label: the switch inside it, not the card's locator.
  await card(page, cardName)
    .locator('label')
    .filter({ has: page.getByRole('switch') })
    .click();
}

/** Every answer the server gives the page (API calls only), as text, to look for a secret in. */
export function collectAnswers(page: Page, origin: string) {
  const bodies: { url: string; body: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (!url.startsWith(origin) || /\/assets\/|\.(js|css|svg|png|woff2|html)$/.test(url)) return;
    pending.push(
      response
        .text()
        .then((body) => void bodies.push({ url, body }))
        .catch(() => undefined),
    );
  });
  return async () => {
    await Promise.all(pending);
    return bodies;
  };
}

/** Opens the library folder the card's import goes to (its link on the card). */
export async function openImportFolder(page: Page, cardName: string) {
  const link = card(page, cardName).getByRole('status').getByRole('link');
  await expect(link).toBeVisible({ timeout: 30_000 });
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Video on Demand' })).toBeVisible();
}

/** Waits for a video of the open folder to be ready and checks its preview plays (time advances). */
export async function playsInFolder(page: Page, title: string | RegExp) {
  const row = page.getByTestId('video-row').filter({ hasText: title });
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId('video-status')).toHaveText('Pronto', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await row.getByRole('button', { name: /^Assistir/ }).click();
  const player = page.getByTestId('vod-player');
  await expect
    .poll(
      () =>
        player.evaluate(async (v: HTMLVideoElement) => {
          v.muted = true;
          if (v.paused) await v.play().catch(() => undefined);
          return v.currentTime;
        }),
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0.5);
}

/** Closes a dialog with its footer's 'Fechar' (the × in its corner has the same name). */
export async function closeDialog(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(dialog).toBeHidden();
}

/**
 * Connects an importing card through its real popup (SPEC §4: 600x800, on the local provider's
 * consent page): 'Autorizar' shows 'Playlist criada', the console closes the popup, and the card is
 * integrated with the provider's account, its import on. `via`: the button of the card's dialog that
 * opens the popup, when 'Integração' opens a dialog first (Google Meet's 'Conectar com o Google').
 */
export async function authorizeImportCard(page: Page, cardName: string, account: string, via?: string) {
  const theCard = card(page, cardName);
  await expect(theCard.getByRole('switch')).toBeDisabled();
  const integrate = theCard.getByRole('button', { name: 'Integração', exact: true });
  const opener = via ? page.getByRole('dialog').getByRole('button', { name: via }) : integrate;
  if (via) await integrate.click();
  const opening = page.waitForEvent('popup');
  await opener.click();
  const popup = await opening;
  const allow = popup.getByRole('button', { name: 'Autorizar' });
  await expect(allow).toBeVisible();
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([600, 800]);
  await allow.click();
  const created = page.getByRole('dialog', { name: 'Playlist criada' });
  await expect(created).toBeVisible({ timeout: 15_000 });
  // Authorized: the console closed the popup.
  await expect.poll(() => popup.isClosed()).toBe(true);
  await closeDialog(created);
  await expect(theCard.getByRole('button', { name: 'Integração', exact: true })).toBeDisabled();
  await expect(theCard.getByText('HABILITADO', { exact: true })).toBeVisible();
  await expect(theCard).toContainText(account);
}
