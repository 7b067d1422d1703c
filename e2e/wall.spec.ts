import { expect, type Page, test } from '@playwright/test';
import {
  type Api,
  confirmDialog,
  controlStream,
  createStream,
  pickOption,
  searchByName,
  unique,
} from './streaming-helpers';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// /broadcast, the monitoring wall (docs/routes.md), on a phone.

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

const tile = (page: Page, name: string) => page.getByTestId('wall-tile').filter({ hasText: name });
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

test('the wall on a 390 px phone: one column, no sideways scroll, previews only when visible, controls with confirmation', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const tag = unique('Mural');
  const make = (name: string, hours: number) =>
    createStream(api, `${tag} ${name}`, { type: 'encoder', scheduledStartTime: inHours(hours) });
  const liveA = await make('A', -2);
  const liveB = await make('B', -1);
  await controlStream(api, liveA.id, 'start');
  await controlStream(api, liveB.id, 'start');
  const soon = [await make('S1', 1), await make('S2', 2), await make('S3', 3)];
  const later = await make('Depois', 48);

  // The stream menu's 'Monitoramento' opens the wall on that live.
  await page.goto('/streaming');
  await searchByName(page, liveA.nome);
  await pickOption(page, liveA.nome, 'Monitoramento');
  await expect(page).toHaveURL(new RegExp(`/broadcast\\?live=${liveA.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Broadcast');
  await expect(tile(page, liveA.nome)).toHaveAttribute('data-focused', 'true');
  await expect(tile(page, liveA.nome)).toBeInViewport();

  for (const s of [liveA, liveB, ...soon]) await expect(tile(page, s.nome)).toHaveCount(1);
  await expect(tile(page, later.nome)).toHaveCount(0);

  // A started live without an encoder: failing, no signal; nobody watching.
  const a = tile(page, liveA.nome);
  await expect(a.getByTestId('wall-health')).toHaveText('Com falha · Sem sinal');
  await expect(a.getByTestId('wall-viewers')).toHaveText('0');
  await expect(a.getByTestId('wall-preview')).toHaveAttribute('data-playing', 'true');
  await expect(tile(page, soon[0]!.nome).getByText(/Agendada para/)).toBeVisible();

  // One column, nothing wider than the screen.
  const boxes = await page.getByTestId('wall-tile').evaluateAll((tiles) =>
    tiles.map((t) => {
      const r = t.getBoundingClientRect();
      return { x: r.x, right: r.right };
    }),
  );
  expect(new Set(boxes.map((b) => Math.round(b.x))).size).toBe(1);
  for (const b of boxes) expect(b.right).toBeLessThanOrEqual(WIDTH);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);

  // Focused on the last scheduled one, the live tiles are far above: their previews do not load
  // until they are scrolled back into view.
  await page.goto(`/broadcast?live=${soon[2]!.id}`);
  await expect(tile(page, soon[2]!.nome)).toBeInViewport();
  const b = tile(page, liveB.nome);
  await expect(b).not.toBeInViewport();
  await expect(b.getByTestId('wall-preview')).toHaveAttribute('data-playing', 'false');
  await b.scrollIntoViewIfNeeded();
  await expect(b.getByTestId('wall-preview')).toHaveAttribute('data-playing', 'true');

  // The control actions ask first, as in the control panel.
  const s1 = tile(page, soon[0]!.nome);
  await s1.getByRole('button', { name: 'Iniciar', exact: true }).click();
  await confirmDialog(page, 'Iniciar transmissão?', 'Iniciar');
  await expect(s1.locator('[data-status]')).toHaveAttribute('data-status', 'live');

  for (const s of [liveA, liveB, soon[0]!]) await controlStream(api, s.id, 'complete');
});
