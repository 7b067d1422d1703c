import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_STREAMS } from '../server/src/db/seed-streams.ts';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// Phone polish (< 930 px): the wizard stepper, the records search placeholder and the menu
// drawer with the offline banner, at 390×844 on a touch phone.

const WIDTH = 390;
const HEIGHT = 844;
test.use({ viewport: { width: WIDTH, height: HEIGHT }, isMobile: true, hasTouch: true });

const SHOTS = process.env.PHONE_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The element is wholly inside the viewport (no part cut off at any edge). */
async function expectInsideViewport(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, what).toBeGreaterThanOrEqual(0);
  expect(box!.y, what).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(WIDTH + 0.5);
  expect(box!.y + box!.height, what).toBeLessThanOrEqual(HEIGHT + 0.5);
}

test('the stream wizard shows every step of its stepper, none cut off', async ({ page }) => {
  await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  await page.goto('/streaming/new');
  const steps = page.getByRole('tablist', { name: 'Etapas' });
  await expect(steps).toBeVisible();
  await shot(page, 'wizard');
  const tabs = steps.getByRole('tab');
  const count = await tabs.count();
  expect(count).toBeGreaterThan(2);
  // Every step and its label are on screen, without scrolling the step list sideways.
  for (let i = 0; i < count; i++) {
    await expectInsideViewport(tabs.nth(i), `step ${i + 1}`);
    const label = tabs.nth(i).locator('span').nth(1);
    const text = (await label.textContent())?.trim();
    expect(text, `step ${i + 1} has a label`).toBeTruthy();
    await expectInsideViewport(label, `label of step ${i + 1}`);
    // The label is not cut inside its box either (no ellipsis, no overflow).
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `label ${text} fits`).toBe(
      true,
    );
  }
  expect(await steps.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
});

test('the records search placeholder fits its box', async ({ page }) => {
  await signInWithTeam(page, DEMO.staff, 'Palco Interno');
  await page.goto('/records');
  const input = page.locator('search input[type="search"]');
  await expect(input).toBeVisible();
  await shot(page, 'records');
  // The placeholder's text, in the input's own font, against the room the input leaves for text.
  const fits = () =>
    input.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = ctx.measureText(el.placeholder).width;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { placeholder: el.placeholder, text, room };
    });
  const byId = await fits();
  expect(byId.placeholder).not.toBe('');
  expect(byId.text, `"${byId.placeholder}"`).toBeLessThanOrEqual(byId.room);
  // Still a one-line box, under the type select.
  expect((await input.boundingBox())!.height).toBeLessThan(60);
  // The other search type's placeholder too.
  await page.getByRole('combobox', { name: 'Buscar por' }).click();
  await page.getByRole('option', { name: 'Responsável' }).click();
  await expect(page.locator('search input[type="search"][name="user"]')).toBeVisible();
  const byUser = await fits();
  expect(byUser.text, `"${byUser.placeholder}"`).toBeLessThanOrEqual(byUser.room);
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
});

test('offline, the menu drawer keeps its first and last items above the offline banner', async ({
  page,
  context,
}) => {
  // Staff has the longest menu: it fills the drawer down to the banner.
  await signInWithTeam(page, DEMO.staff, 'Palco Interno');
  await page.goto('/streaming');
  await expect(page.getByTestId('current-team')).toHaveText('Palco Interno');
  // Once a service worker controls the page, the banner's chunk is there offline too.
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Palco' });
  await expect(drawer).toBeVisible();
  await context.setOffline(true);
  const notice = page.getByTestId('offline-notice');
  await expect(notice).toBeVisible();
  const links = drawer.getByRole('link');
  expect(await links.count()).toBeGreaterThan(1);
  const bannerTop = (await notice.boundingBox())!.y;
  for (const item of [links.first(), links.last()]) {
    await item.scrollIntoViewIfNeeded();
    // The drawer's own scrolling has settled: the item stays where it is from one frame to the next.
    await page.waitForFunction(
      (el) =>
        new Promise<boolean>((resolve) => {
          const y = el!.getBoundingClientRect().y;
          requestAnimationFrame(() => resolve(el!.getBoundingClientRect().y === y));
        }),
      await item.elementHandle(),
    );
    const box = (await item.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${await item.textContent()} ends above the banner`).toBeLessThanOrEqual(
      bannerTop + 0.5,
    );
    // What a tap on the item's middle reaches is the item itself, not the banner.
    expect(
      await item.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && el.contains(hit);
      }),
    ).toBe(true);
    // And a tap there would reach it (Playwright's actionability checks, without navigating).
    await item.click({ trial: true, timeout: 2000 });
  }
  await shot(page, 'drawer-offline');
  await links.first().click();
  await expect(drawer).toBeHidden();
  await context.setOffline(false);
});

test('the audience analytics and customer support pages fit a phone', async ({ page }) => {
  await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const live = DEMO_STREAMS.showAoVivo;
  await page.goto(`/analytics?live=${live.id}`);
  await expect(page.getByTestId('analytics-live-title')).toHaveText(live.nome);
  await expect(page.locator('[data-figure="viewersNow"]')).toBeVisible();
  await shot(page, 'analytics');
  // Figures two a row, charts one a row: nothing sideways.
  const figures = page.locator('[data-figure]');
  const first = await figures.nth(0).boundingBox();
  const second = await figures.nth(1).boundingBox();
  const third = await figures.nth(2).boundingBox();
  expect(second!.y).toBe(first!.y);
  expect(third!.y).toBeGreaterThan(first!.y);
  // The charts' cards fit the width.
  for (const card of await page.locator('section[data-metric]').all()) {
    const box = await card.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH + 0.5);
  }
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);

  await page.goto(`/atendimento/${live.id}`);
  await expect(page.getByLabel('ID do espectador')).toBeVisible();
  await shot(page, 'support');
  const search = await page.getByRole('button', { name: 'Buscar' }).boundingBox();
  expect(search!.x + search!.width).toBeLessThanOrEqual(WIDTH + 0.5);
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
});
