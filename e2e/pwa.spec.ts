import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { DEMO } from './support/env';
import { persistedCache, signInWithTeam, waitForPersisted } from './support/pwa';

// The console as an installable, offline-capable app: manifest and icons, the service worker, offline
// starts (signed out and signed in, with the offline notice) and the update prompt.

/** Waits until a service worker controls the page (it registers once the page is idle). */
async function waitForController(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
    timeout: 15_000,
  });
}

/** The width and height a PNG declares in its IHDR chunk. */
function pngSize(buf: Buffer) {
  expect(buf.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

test('the web manifest is served with the app identity and fetchable icons', async ({ page, request }) => {
  await page.goto('/auth/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');

  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as Record<string, unknown> & {
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({
    name: 'Palco',
    short_name: 'Palco',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    lang: 'pt-BR',
    theme_color: '#14121f',
    background_color: '#f5f5f9',
  });
  const wanted = ['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable'];
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(wanted.sort());
  for (const icon of manifest.icons) {
    const img = await request.get(icon.src);
    expect(img.ok(), icon.src).toBe(true);
    expect(img.headers()['content-type']).toContain('image/png');
    const { width, height } = pngSize(await img.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
  const favicon = await request.get('/favicon.svg');
  expect(favicon.ok()).toBe(true);
  expect(await favicon.text()).toContain('<svg');
});

test('the service worker registers, controls the page, and the console opens offline', async ({
  page,
  context,
}) => {
  await page.goto('/auth/login');
  await expect(page.locator('input[name="login"]')).toBeVisible();
  await waitForController(page);
  await page.reload();
  await waitForController(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  expect(scope).toMatch(/\/$/);

  // Offline, a reload still opens the console (shell and the pt-BR texts come from the precache).
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('input[name="login"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  // API paths are never answered with the app shell, not even offline.
  const api = await page.evaluate(() =>
    fetch('/bff/me').then(
      (r) => r.status,
      () => 'network error',
    ),
  );
  expect(api).toBe('network error');
  await context.setOffline(false);
});

test('signed in and offline, a reload shows the shell from the saved session and data, with the offline notice', async ({
  page,
  context,
}) => {
  await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  await page.goto('/streaming');
  await expect(page.getByTestId('current-team')).toHaveText('Demo Produções');
  await waitForController(page);
  // Online: no notice.
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  // The query cache reaches IndexedDB shortly after it changes — without the session queries.
  await waitForPersisted(page, ['streaming']);
  const persisted = await persistedCache(page);
  expect(persisted).not.toBeNull();
  expect(persisted!.buster).toMatch(/^\d+\.\d+\.\d+-/);
  expect(persisted!.keys.length).toBeGreaterThan(0);
  expect(persisted!.keys.filter((k) => k[0] === 'session')).toEqual([]);
  const before = Date.now();

  await context.setOffline(true);
  // Going offline on an open page shows the notice at once.
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await page.reload();

  await expect(page.getByTestId('current-team')).toHaveText('Demo Produções');
  await expect(page.getByRole('navigation').first()).toBeVisible();
  const notice = page.getByTestId('offline-notice');
  await expect(notice).toBeVisible();
  const text = (await notice.textContent()) ?? '';
  const match =
    /^Você está offline\. Exibindo dados salvos em (\d{2})\/(\d{2})\/(\d{4}),? (\d{2}):(\d{2})\.$/.exec(
      text.trim(),
    );
  expect(match, text).not.toBeNull();
  // The "as of" time is when the data was saved: within the last minutes, not the time of the reload.
  const [, dd, mm, yyyy, hh, mi] = match!.map(Number);
  const savedAt = new Date(yyyy!, mm! - 1, dd!, hh!, mi!).getTime();
  expect(Math.abs(before - savedAt)).toBeLessThan(3 * 60_000);

  // Back online, the notice goes away.
  await context.setOffline(false);
  await expect(notice).toBeHidden();
});

test('a new version waiting shows the update prompt; "Depois" hides it, "Atualizar" activates it and reloads', async ({
  page,
}) => {
  // A deploy is simulated on a copy of dist/ served by a small static server of this test (the shared
  // dist/ stays untouched; Playwright cannot intercept a service worker's own script fetch).
  const site = await serveCopyOfDist();
  try {
    await page.goto(`${site.url}/auth/login`);
    await expect(page.locator('input[name="login"]')).toBeVisible();
    await waitForController(page);
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toHaveCount(0);

    // The new version: the same service worker script with different bytes.
    appendFileSync(join(site.dir, 'sw.js'), `\n// new version ${Date.now()}\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });

    await expect(prompt).toBeVisible({ timeout: 15_000 });
    await expect(prompt).toContainText('Nova versão disponível');
    // Non-blocking: the login form is still usable beside it.
    await page.locator('input[name="login"]').fill('someone@palco.test');

    await prompt.getByRole('button', { name: 'Depois' }).click();
    await expect(prompt).toBeHidden();

    // The new worker still waits: the next visit offers it again.
    await page.reload();
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    const waitingBefore = await page.evaluate(async () =>
      Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
    );
    expect(waitingBefore).toBe(true);
    await page.evaluate(() => {
      (window as unknown as { __beforeUpdate?: boolean }).__beforeUpdate = true;
    });
    await prompt.getByRole('button', { name: 'Atualizar' }).click();

    // The new worker takes over and the page reloads by itself.
    await page.waitForFunction(
      () => !(window as unknown as { __beforeUpdate?: boolean }).__beforeUpdate,
      null,
      {
        timeout: 15_000,
      },
    );
    await expect(page.locator('input[name="login"]')).toBeVisible();
    await waitForController(page);
    const waitingAfter = await page.evaluate(async () =>
      Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
    );
    expect(waitingAfter).toBe(false);
    await expect(prompt).toHaveCount(0);
  } finally {
    await site.close();
  }
});

/** Serves a copy of dist/ (index.html for any path without a file) on a free port of this machine. */
async function serveCopyOfDist() {
  const dir = mkdtempSync(join(tmpdir(), 'palco-dist-'));
  cpSync('dist', dir, { recursive: true });
  const types: Record<string, string> = {
    '.js': 'application/javascript',
    '.css': 'text/css',
    '.html': 'text/html; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.webmanifest': 'application/manifest+json',
  };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory())
      file = join(dir, 'index.html');
    res.writeHead(200, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dir,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
