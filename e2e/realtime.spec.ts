import { expect, type Page, test } from '@playwright/test';
import { type Api, controlStream, createStream, searchByName, unique } from './streaming-helpers';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// One account websocket per browser (docs/realtime-console.md "One socket per browser"). Tabs elect a leader
// (Web Locks) that holds the socket and passes events on over BroadcastChannel; closing it, another tab takes
// over.

/** The account sockets a page opens, as the browser sees them. */
function socketsOf(page: Page) {
  const opened: string[] = [];
  page.on('websocket', (ws) => {
    if (new URL(ws.url()).pathname.startsWith('/ws/')) opened.push(ws.url());
  });
  return opened;
}

const badge = (page: Page, name: string) =>
  page.getByTestId('stream-row').filter({ hasText: name }).locator('[data-status]');

test('two tabs share one socket; events reach both; closing the leader, the other takes over', async ({
  context,
}) => {
  test.setTimeout(60_000);
  const first = await context.newPage();
  const { token, teamId } = await signInWithTeam(first, DEMO.owner, 'Demo Produções');
  const api: Api = { request: context.request, token, teamId };
  const tag = unique('Tempo real');
  const one = await createStream(api, `${tag} um`);
  const two = await createStream(api, `${tag} dois`);
  // The server's count of this user's open account sockets (GET /v1/realtime/sockets).
  const counted = async () => {
    const res = await context.request.get('/v1/realtime/sockets', {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { sockets: number }).sockets;
  };

  const firstSockets = socketsOf(first);
  await first.goto('/streaming');
  await searchByName(first, tag);
  await expect(badge(first, one.nome)).toHaveAttribute('data-status', 'scheduled');
  await expect.poll(() => firstSockets.length).toBe(1);

  const second = await context.newPage();
  const secondSockets = socketsOf(second);
  await second.goto('/streaming');
  await searchByName(second, tag);
  await expect(badge(second, one.nome)).toHaveAttribute('data-status', 'scheduled');

  // The library does not poll: a status change shows only because its event arrived, in both tabs,
  // through the one socket of the first.
  await controlStream(api, one.id, 'start');
  await expect(badge(first, one.nome)).toHaveAttribute('data-status', 'live');
  await expect(badge(second, one.nome)).toHaveAttribute('data-status', 'live');
  expect(secondSockets).toHaveLength(0);
  expect(firstSockets).toHaveLength(1);
  // The server counts one socket for the two tabs.
  await expect.poll(counted).toBe(1);

  // The leader's tab closes: the second opens the socket (within 2 s) and events keep arriving.
  await first.close();
  await expect.poll(() => secondSockets.length, { timeout: 2_000 }).toBe(1);
  await controlStream(api, two.id, 'start');
  await expect(badge(second, two.nome)).toHaveAttribute('data-status', 'live');
  await expect.poll(counted).toBe(1);

  for (const s of [one, two]) await controlStream(api, s.id, 'complete');
});
