import { expect, test } from '@playwright/test';
import { menu } from '../shell-helpers';
import { DEMO } from '../support/env';
import { signInWithTeam } from '../support/pwa';

// The console through nginx over HTTPS (docs/deployment.md "The proxy"): what a browser needs from the
// proxy to use it at all — the app and its service worker over TLS, and the account socket upgraded
// through the /ws/ location.

test('signs in through the proxy: the console loads, its service worker controls it, its account socket connects', async ({
  page,
  baseURL,
}) => {
  const sockets: string[] = [];
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    if (!new URL(ws.url()).pathname.startsWith('/ws/')) return;
    sockets.push(ws.url());
    ws.on('framereceived', (frame) => frames.push(String(frame.payload)));
  });
  await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  await page.goto('/streaming');
  await expect(menu(page).getByRole('link', { name: 'Transmissões', exact: true })).toBeVisible();
  // The service worker registers once the page is idle and takes control (a secure origin: HTTPS).
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
    timeout: 30_000,
  });
  // The account socket: wss:// on the proxy's own origin, and the server's hello answered.
  await expect.poll(() => frames.some((frame) => frame.includes('"conectado"'))).toBe(true);
  expect(sockets[0]).toMatch(new RegExp(`^${baseURL!.replace('https', 'wss').replace(/\./g, '\\.')}/ws/`));
});
