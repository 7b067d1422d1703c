import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { publishTestSignal } from '../server/test/rtmp-encoder.ts';
import { type Api, controlStream, createStream, getStream, unique } from './streaming-helpers';
import { DEMO, E2E_INGEST_PORT } from './support/env';
import { signInWithTeam } from './support/pwa';

// Edges a user meets: the classroom after its live (docs/classroom.md "The classroom after its
// live"), one clock for every date of the console (docs/ui.md "One clock"), the support page at
// 1280 px, the VOD embed's frame and the batch CSV's errors.

// The machine these run on may be slow: each test gets room.
test.describe.configure({ timeout: 120_000 });

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

async function signIn(page: Page): Promise<Api> {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  return { request: page.request, token, teamId };
}

/** An attendee of `liveId` in this browser, as the registration leaves one (src/classroom/attendee.ts). */
async function attend(page: Page, liveId: string) {
  await page.goto('/classroom/register');
  await page.evaluate(
    (id) =>
      localStorage.setItem(
        'palco-classroom-attendee',
        JSON.stringify({ name: 'Ana', email: 'ana@escola.test', liveId: id }),
      ),
    liveId,
  );
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('a class ended with Live para VOD offers its recording by itself once it is ready, without a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  const api = await signIn(page);
  const created = await createStream(api, unique('Aula gravada'), {
    type: 'encoder',
    transcode: { enableLive2vod: true },
  });
  await controlStream(api, created.id, 'start');
  const signal = (await getStream(api, created.id)).body!.signals[0]!;
  const encoder: ChildProcess = publishTestSignal(
    `rtmp://127.0.0.1:${E2E_INGEST_PORT}/live/${signal.key}`,
    60,
  );
  const exited = new Promise<void>((resolve) => encoder.once('close', () => resolve()));

  // An attendee watches the class (a browser without the console's session).
  const viewer = await browser.newContext({ viewport: VIEWPORTS[0] });
  const classroom = await viewer.newPage();
  try {
    await attend(classroom, created.id);
    await classroom.goto(`/classroom?liveId=${created.id}`);
    await expect(classroom.getByRole('heading', { name: created.nome })).toBeVisible({ timeout: 30_000 });
    await expect(classroom.getByText('Esta aula terminou.')).toHaveCount(0);
    // Some seconds of media, so there is a recording.
    await classroom.waitForTimeout(8_000);
  } finally {
    encoder.kill('SIGINT');
    await exited;
  }
  await controlStream(api, created.id, 'complete');

  // The page learns that the class ended and, once processed, offers the recording: never "no
  // recording" meanwhile, and no reload.
  const banner = classroom.getByRole('status').filter({ hasText: 'Esta aula terminou.' });
  await expect(banner).toBeVisible({ timeout: 60_000 });
  await expect(banner).not.toContainText('Não há gravação disponível');
  // Processing takes seconds on a quiet machine, minutes on a busy one.
  await expect(banner.getByRole('link', { name: 'Assistir à gravação' })).toBeVisible({ timeout: 300_000 });
  await viewer.close();
});

for (const viewport of VIEWPORTS) {
  test(`the classroom chat is as tall as the player beside it (${viewport.width} px)`, async ({ page }) => {
    const api = await signIn(page);
    const live = await createStream(api, unique('Aula chat'));
    await page.setViewportSize(viewport);
    await attend(page, live.id);
    await page.goto(`/classroom?liveId=${live.id}`);
    await expect(page.locator('.cls-chat iframe')).toBeVisible({ timeout: 30_000 });
    const player = (await page.locator('.cls-player').boundingBox())!;
    const chat = (await page.locator('.cls-chat').boundingBox())!;
    if (viewport.width >= 1024) {
      // Side by side: the same height, the same top.
      expect(chat.x).toBeGreaterThan(player.x + player.width - 1);
      expect(Math.abs(chat.height - player.height)).toBeLessThanOrEqual(1);
      expect(Math.abs(chat.y - player.y)).toBeLessThanOrEqual(1);
    } else {
      // Stacked: the chat under the player, full width, tall enough to read.
      expect(chat.y).toBeGreaterThanOrEqual(player.y + player.height);
      expect(chat.height).toBeGreaterThanOrEqual(300);
    }
    expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);
  });
}

test("the dashboard's 'Começam hoje' shows a live at the hour the list and the panel show", async ({
  browser,
}) => {
  // A browser in another zone than the team's (America/Sao_Paulo): the case where they disagreed.
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo', viewport: VIEWPORTS[0] });
  const page = await context.newPage();
  const api = await signIn(page);
  // Today in the team's zone, whatever the hour the test runs: a few minutes from now.
  const name = unique('Relógio');
  const live = await createStream(api, name, {
    scheduledStartTime: new Date(Date.now() + 5 * 60_000).toISOString(),
  });

  await page.goto(`/streaming/${live.id}/panel`);
  const scheduled = page.getByText(/^Agendada para /);
  await expect(scheduled).toBeVisible({ timeout: 30_000 });
  const panelTime = (await scheduled.textContent())!.replace('Agendada para ', '').trim();

  await page.goto('/dashboard');
  const today = page
    .getByRole('region', { name: 'Começam hoje' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(today).toBeVisible({ timeout: 30_000 });
  // The same hour, with the zone named (the team's "today" is another zone's day).
  await expect(today).toContainText(panelTime);
  await expect(today).toContainText('GMT+9');
  await context.close();
});

test('/atendimento names its page in the breadcrumb, and its table fits 1280 px', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS[0]);
  const api = await signIn(page);
  const live = await createStream(api, unique('Atendimento'));
  await controlStream(api, live.id, 'start');
  // A viewer's player: its playback session, then its beacons, from a desktop browser.
  const userAgent =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const playback = await page.request.get(`/v1/public/lives/${live.id}/playback`);
  expect(playback.status(), await playback.text()).toBe(200);
  const { sessionId } = (await playback.json()) as { sessionId: string };
  const beacons = await page.request.post('/v1/public/beacons', {
    headers: { 'user-agent': userAgent, 'content-type': 'application/json' },
    data: JSON.stringify({
      sessionId,
      events: [
        { at: Date.now(), type: 'start', state: 'loading' },
        {
          at: Date.now(),
          type: 'startup',
          startupMs: 1234,
          rendition: '720p',
          cdn: 'origin',
          state: 'playing',
        },
      ],
    }),
  });
  expect(beacons.status(), await beacons.text()).toBe(204);

  await page.goto(`/atendimento/${live.id}`);
  await expect(page.getByRole('navigation', { name: 'Trilha de navegação' })).toHaveText(
    /Início\s*\/\s*Atendimento/,
  );
  const rows = page.getByTestId('support-view-row');
  await expect(async () => {
    await page.getByRole('button', { name: 'Atualizar lista' }).click();
    await expect(rows).not.toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const fits = await page
    .getByTestId('support-views')
    .evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth);
  expect(fits, 'the views table scrolls sideways').toBe(true);
  expect(await scrollWidth(page)).toBeLessThanOrEqual(1280);
});

for (const viewport of VIEWPORTS) {
  test(`the VOD embed's player is centred in its frame (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // The frame is laid out before (and whatever) the video answers.
    await page.goto(`/embed/vod/${randomUUID()}`);
    const box = (await page.locator('#player').boundingBox())!;
    expect(Math.abs(box.y - (viewport.height - box.height) / 2)).toBeLessThanOrEqual(1);
    expect(Math.abs(box.x - (viewport.width - box.width) / 2)).toBeLessThanOrEqual(1);
  });
}

test('a batch CSV with a bad header says so once', async ({ page }) => {
  await signIn(page);
  await page.goto('/streaming');
  await page.getByRole('button', { name: 'Nova transmissão' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Lote por CSV/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Criar transmissões em lote' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await page.locator('input[type="file"][name="csv"]').setInputFiles({
    name: 'lote.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('titulo,quando\nAula,01/12/2030\n'),
  });
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();
  await expect(dialog.getByText(/Cabeçalho inválido/)).toHaveCount(1);
  await expect(dialog.getByRole('alert')).toContainText('Cabeçalho inválido');
});
