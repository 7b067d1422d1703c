import { expect, type Page, test } from '@playwright/test';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// Two tabs of one browser (one context: the same localStorage and BroadcastChannel). What one tab does
// to the session shows in the other at once, without reloading it.

/** Marks the page's window: the mark survives anything but a reload. */
const mark = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __tabMark?: boolean }).__tabMark = true;
  });
const stillMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tabMark?: boolean }).__tabMark === true);

test('switching team in one tab switches the other tab, and logging out logs both out', async ({
  context,
}) => {
  test.setTimeout(60_000);
  const first = await context.newPage();
  await signInWithTeam(first, DEMO.owner, 'Demo Produções');
  await first.goto('/streaming');
  const second = await context.newPage();
  await second.goto('/streaming');

  // A fresh context's first load (service worker, page chunks, /bff/me) beside CI's parallel suites has
  // taken over 7 s; what this test is about starts after it.
  for (const page of [first, second])
    await expect(page.getByTestId('current-team')).toHaveText('Demo Produções', { timeout: 20_000 });
  await mark(second);

  // Team switch through the header's team selector in the first tab.
  await first.getByTestId('current-team').click();
  await first.getByRole('button', { name: /Eventos Ao Vivo/ }).click();
  await expect(first.getByTestId('current-team')).toHaveText('Eventos Ao Vivo');

  await expect(second.getByTestId('current-team')).toHaveText('Eventos Ao Vivo', { timeout: 10_000 });
  expect(await stillMarked(second)).toBe(true);
  // The second tab's calls now name the new team (its session was reloaded, not just its label).
  const stored = await second.evaluate(() => JSON.parse(localStorage.getItem('v706-demo1-auth') ?? '{}'));
  expect(stored.user.selectedTeamId).not.toBeNull();
  const teamsRequest = second.waitForRequest((r) => r.url().includes('/v1/') || r.url().includes('/bff/me'));
  await second.reload();
  expect(
    new URL((await teamsRequest).url()).searchParams.get('accountId') ?? stored.user.selectedTeamId,
  ).toBe(stored.user.selectedTeamId);
  await expect(second.getByTestId('current-team')).toHaveText('Eventos Ao Vivo');
  await mark(second);

  // Logout in the first tab sends the second to /auth/login, without a reload.
  await first.getByRole('link', { name: 'Sair' }).click();
  await expect(first).toHaveURL(/\/auth\/login/);
  await expect(second).toHaveURL(/\/auth\/login/, { timeout: 10_000 });
  await expect(second.locator('input[name="login"]')).toBeVisible();
  expect(await stillMarked(second)).toBe(true);
});

test('a tab that receives junk on the channel ignores it', async ({ context }) => {
  const page = await context.newPage();
  await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  await page.goto('/streaming');
  await expect(page.getByTestId('current-team')).toHaveText('Demo Produções');
  const other = await context.newPage();
  await other.goto('/auth/login');
  // Another script posting malformed messages on the same channel name.
  await other.evaluate(() => {
    const channel = new BroadcastChannel('palco');
    channel.postMessage({ type: 'logout', extra: 1 });
    channel.postMessage('logout');
    channel.postMessage({ type: 'team' });
    channel.close();
  });
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/streaming$/);
  await expect(page.getByTestId('current-team')).toHaveText('Demo Produções');
});

test('a tab still starting when another switches team opens on the new team, not on the error page', async ({
  browser,
}) => {
  // No service worker: the held-back catalogue below must come from the network, where the route is.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const first = await context.newPage();
    await signInWithTeam(first, DEMO.owner, 'Demo Produções');
    await first.goto('/streaming');
    await expect(first.getByTestId('current-team')).toHaveText('Demo Produções');

    // The second tab's start is held where its code runs but its texts (the locale's catalogue) have not
    // arrived; the first tab switches team in that moment, storing the new session.
    const second = await context.newPage();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const catalogue = /\/assets\/messages-[^/]+\.js$/;
    await second.route(catalogue, async (route) => {
      await released;
      await route.continue();
    });
    const holding = second.waitForRequest(catalogue);
    await second.goto('/streaming', { waitUntil: 'commit' });
    await holding;
    await first.getByTestId('current-team').click();
    await first.getByRole('button', { name: /Eventos Ao Vivo/ }).click();
    await expect(first.getByTestId('current-team')).toHaveText('Eventos Ao Vivo');
    release();

    await expect(second.getByTestId('current-team')).toHaveText('Eventos Ao Vivo');
    await expect(second.getByText('OOPS! Alguma coisa deu errado!')).toHaveCount(0);
  } finally {
    await context.close();
  }
});
