import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { chooseTeam, menu } from './shell-helpers';
import { signIn } from './support/auth';
import { DEMO } from './support/env';

// SPEC §2.2 aside menu and header, §6 menu visibility, §9 layout constants.

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const CONTENT = ['Transmissões', 'Broadcast', 'Histórico de transmissões', 'Video on Demand'];

test('an operator sees the content links and no Manager section', async ({ page }) => {
  await signIn(page, DEMO.operator);
  await page.goto('/streaming');
  const nav = menu(page);
  for (const label of CONTENT)
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  await expect(nav.getByRole('heading', { name: 'Manager' })).toHaveCount(0);
  for (const label of ['Users', 'Logs', 'Teams', 'Billing', 'Clients', 'Permissions', 'Chaves de API']) {
    await expect(nav.getByRole('link', { name: new RegExp(`^${label}`) })).toHaveCount(0);
  }
  // The build tag sits at the bottom of the aside.
  await expect(page.getByTestId('build-tag')).toHaveText(`v${version}`);
  // The current page is marked in the menu.
  await expect(nav.getByRole('link', { name: 'Transmissões', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('an owner sees the Manager section, without the staff-only entries', async ({ page }) => {
  await signIn(page, DEMO.owner);
  await chooseTeam(page, 'Demo Produções');
  const nav = menu(page);
  await expect(nav.getByRole('heading', { name: 'Manager' })).toBeVisible();
  for (const label of [
    'Users',
    'Teams',
    'Roles',
    'Billing',
    'Chaves de API',
    'Integrações',
    'Configurações',
  ]) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: /^Logs/ })).toContainText(/beta/i);
  await expect(nav.getByRole('link', { name: 'Clients' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Permissions' })).toHaveCount(0);
  // The console's own analytics pages are listed (showStreamingAnalytics): lives and, as this build
  // sets no VITE_ANALYTICS_HOST, VOD too. The studio analytics are a separate app: no link without its
  // host (with a host, the links are tested in src/features/shell/__tests__/menu.test.ts).
  await expect(nav.getByRole('link', { name: 'Analytics', exact: true })).toHaveAttribute(
    'href',
    '/analytics',
  );
  await expect(nav.getByRole('link', { name: /Analytics de VOD/ })).toHaveAttribute('href', '/analytics/vod');
  await expect(nav.getByRole('link', { name: /Analytics do estúdio/ })).toHaveCount(0);
});

test('staff see Clients and Permissions', async ({ page }) => {
  await signIn(page, DEMO.staff);
  await page.goto('/streaming');
  const nav = menu(page);
  await expect(nav.getByRole('link', { name: 'Clients' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Permissions' })).toBeVisible();
  await nav.getByRole('link', { name: 'Clients' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  // The menu says 'Clients' (SPEC's menu label); the page is titled in Portuguese like /users' 'Usuários'.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clientes');
  await expect(page.getByLabel('Buscar por cliente ou time')).toBeVisible();
  await expect(page).toHaveTitle('Clientes | Palco');
});

test('English: the menu and <html lang> follow, and the choice survives a reload', async ({
  page,
  context,
}) => {
  // Records the cookies the console writes (Chromium itself caps any cookie's lifetime at 400 days).
  await page.addInitScript(() => {
    const desc = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const w = window as unknown as { cookieWrites: string[] };
    w.cookieWrites = [];
    Object.defineProperty(document, 'cookie', {
      get: () => desc.get!.call(document),
      set: (value: string) => {
        w.cookieWrites.push(value);
        desc.set!.call(document, value);
      },
    });
  });
  await signIn(page, DEMO.operator);
  await page.goto('/historic');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  // The console asks for 3650 days (once the English catalog has loaded).
  const localeCookie = () =>
    page.evaluate(() =>
      (window as unknown as { cookieWrites: string[] }).cookieWrites.find((c) =>
        c.startsWith('palco-locale=en'),
      ),
    );
  await expect.poll(localeCookie).toContain(`max-age=${3650 * 24 * 60 * 60}`);

  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link', { name: 'Live streams', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Streaming history' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Streaming history');
  // The page's own texts are in a catalogue of their own (the pages'), switched with the rest.
  await expect(page.getByRole('searchbox', { name: 'Search the history by name' })).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Live streams' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // …and loaded for the active locale only.
  await expect(page.getByRole('searchbox', { name: 'Search the history by name' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('palco-locale'))).toBe('en');
  const cookie = (await context.cookies()).find((c) => c.name === 'palco-locale');
  expect(cookie?.value).toBe('en');
  expect(((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(399);

  // Back to Portuguese for the tests that follow in this browser profile.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('pt-BR');
  await expect(menu(page).getByRole('link', { name: 'Transmissões', exact: true })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Buscar no histórico pelo nome' })).toBeVisible();
});

test("'/' returns to the last visited page", async ({ page }) => {
  await signIn(page, DEMO.operator);
  await page.goto('/historic');
  await expect(page.getByRole('heading', { name: 'Histórico de transmissões' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/historic$/);
  // A page visited through the menu counts too.
  await menu(page).getByRole('link', { name: 'Video on Demand' }).click();
  await expect(page).toHaveURL(/\/vod\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/vod\/dashboard$/);
});

test("'/' after a webcam visit stays in the console when this build has no webcam app", async ({ page }) => {
  // No VITE_WEBCAM_HOST in this build (no placeholder host either): /streaming, never another host.
  // The redirect with a host is tested in src/features/shell/__tests__/root-redirect.test.ts.
  await signIn(page, DEMO.operator);
  await page.evaluate(() => localStorage.setItem('palco-last-visited', '/webcam/sala-1'));
  await page.goto('/');
  await expect(page).toHaveURL(/\/streaming$/);
});

test.describe('phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is a drawer, the page never scrolls sideways, scroll-to-top appears', async ({ page }) => {
    await signIn(page, DEMO.operator);
    await page.goto('/streaming');
    // No aside on a phone (not even a hidden one): the header's menu button opens the drawer.
    await expect(menu(page)).toBeHidden();
    await expect(page.locator('aside')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Palco' });
    await expect(drawer).toBeVisible();
    // Focus stays inside the open drawer.
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await drawer.getByRole('link', { name: 'Histórico de transmissões' }).click();
    await expect(page).toHaveURL(/\/historic$/);
    await expect(drawer).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A long page: scroll-to-top shows after 300 px and brings the page back up.
    const toTop = page.getByRole('button', { name: 'Voltar ao topo' });
    await page.evaluate(() => {
      const filler = document.createElement('div');
      filler.style.height = '3000px';
      document.querySelector('main')?.append(filler);
    });
    await expect(toTop).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForTimeout(400);
    await expect(toTop).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 800));
    await expect(toTop).toBeVisible();
    await toTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(toTop).toHaveCount(0);
  });
});

test('on a 360 px phone the header keeps the team readable: languages by code, icons drawn, nothing clipped', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, DEMO.operator);
  await page.goto('/streaming');
  const team = page.getByTestId('current-team');
  await expect(team).toHaveText('Demo Produções');
  // The name had 10 px (one letter) before: now it shows its first word at least.
  expect((await team.boundingBox())!.width).toBeGreaterThan(90);
  await expect(page.getByRole('button', { name: /Selecionar time/ })).toBeVisible();
  const language = page.getByRole('combobox', { name: 'Idioma' });
  await expect(language.locator('option:checked')).toHaveText('PT');
  // The profile link is an icon on a phone, drawn (an emoji had no glyph in a system without one).
  await expect(page.getByRole('link', { name: 'Meu perfil' }).locator('svg')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(language.locator('option:checked')).toHaveText('Português');
});

test('the splash paints before the app runs, the app comes compressed, and the splash goes once it is ready', async ({
  page,
}) => {
  const encodings = new Map<string, string>();
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/assets/') && res.url().endsWith('.js'))
      encodings.set(new URL(res.url()).pathname, res.headers()['content-encoding'] ?? 'identity');
  });
  await page.goto('/auth/login');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  // SPEC §2.2: the splash shows while the app loads. It is painted from index.html alone: the first
  // contentful paint comes before the app's first line runs (src/boot.ts waits for a frame).
  const { paint, appStart } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    appStart: performance.getEntriesByName('palco:app-start')[0]?.startTime ?? null,
  }));
  expect(paint).not.toBeNull();
  expect(appStart).not.toBeNull();
  expect(paint!).toBeLessThan(appStart!);
  // Ready: the splash is hidden, then removed.
  await expect(page.locator('#splash')).toHaveCount(0);
  // The app's scripts came Brotli-compressed (the build writes .br siblings of files over 1 kB).
  const app = [...encodings].filter(([path]) => /\/assets\/(app|preload)-/.test(path));
  expect(app.map(([path]) => path.replace(/-[\w-]+\.js$/, ''))).toEqual(
    expect.arrayContaining(['/assets/app', '/assets/preload']),
  );
  for (const [path, encoding] of app) expect(encoding, path).toBe('br');
});

test('a reload puts the page back at its scroll position', async ({ page }) => {
  await signIn(page, DEMO.operator);
  await page.setViewportSize({ width: 412, height: 500 });
  await page.goto('/streaming');
  await expect(page.getByTestId('stream-row').first()).toBeVisible();
  // 150 px, not more: other specs add and remove the operator's streams meanwhile, so the list can be
  // a few rows shorter after the reload (CI once saw a page that scrolled 231 px at most).
  await page.evaluate(() => window.scrollTo(0, 150));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.reload();
  await expect(page.getByTestId('stream-row').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('opening an entry of the menu does not make it wrap or move the entries below it', async ({ page }) => {
  await signIn(page, DEMO.operator);
  await page.goto('/streaming');
  const nav = menu(page);
  const historic = nav.getByRole('link', { name: 'Histórico de transmissões', exact: true });
  const vod = nav.getByRole('link', { name: 'Video on Demand', exact: true });
  const before = { historic: await historic.boundingBox(), vod: await vod.boundingBox() };
  await historic.click();
  await expect(historic).toHaveAttribute('aria-current', 'page');
  const after = { historic: await historic.boundingBox(), vod: await vod.boundingBox() };
  expect(after.historic?.height).toBe(before.historic?.height);
  expect(after.vod?.y).toBe(before.vod?.y);
});
