import type { ChildProcess } from 'node:child_process';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { publishTestSignal } from '../server/test/rtmp-encoder.ts';
import { readyVideo, renderedAnswer, untilOnAir } from './embed-helpers';
import { type Api, controlStream, createStream, getStream, unique } from './streaming-helpers';
import { DEMO, E2E_INGEST_PORT } from './support/env';
import { signInWithTeam } from './support/pwa';

// Audience analytics end to end (docs/analytics.md): a live pushed by a real ffmpeg, real embed players in
// Chromium (each its own browser context, user agent and client address through the trusted proxy), their own
// beacons, and the console's /analytics and /atendimento pages reading what they sent.

const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** Addresses of the offline databases (server/test/viewer-geo.test.ts): São Paulo on Vivo, Rio on Claro. */
const SAO_PAULO_VIVO = '179.226.20.30';
const RIO_CLARO = '177.192.200.10';
const SEGMENT = /\/play\/live\/.*\.(ts|m4s|mp4|aac)(\?|$)/;
const MANIFEST = /\/play\/live\/.*\.m3u8(\?|$)/;

interface Viewer {
  context: BrowserContext;
  page: Page;
  viewerId: string;
}

/** A viewer: the embed player of the live in a browser of its own, from `address`, as `userAgent`. */
async function openViewer(
  browser: Browser,
  baseURL: string,
  liveId: string,
  userAgent: string,
  address: string,
  prepare?: (page: Page) => Promise<unknown>,
): Promise<Viewer> {
  const context = await browser.newContext({
    baseURL,
    userAgent,
    locale: 'pt-BR',
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  const page = await context.newPage();
  await prepare?.(page);
  const asked = page.waitForResponse((r) => r.url().includes(`/v1/public/lives/${liveId}/playback`));
  asked.catch(() => undefined);
  await page.goto(`/embed/${liveId}`);
  // The page carries its playback answer when the server could tell its origin (docs/playback.md
  // "Startup time: the answer in the page"); otherwise it asked the endpoint.
  const viewerId =
    (await renderedAnswer(page))?.viewerId ?? ((await (await asked).json()) as { viewerId: string }).viewerId;
  expect(viewerId).toMatch(/^[A-Z0-9]{8}$/);
  return { context, page, viewerId };
}

/** The player shows frames with the playhead moving. */
async function expectPlaying(page: Page, after = 1) {
  await expect
    .poll(
      () =>
        page
          .locator('video')
          .evaluate((v: HTMLVideoElement) => v.currentTime)
          .catch(() => 0),
      {
        timeout: 45_000,
      },
    )
    .toBeGreaterThan(after);
}

const figure = (page: Page, id: string) => page.locator(`[data-figure="${id}"] dd`).first();

test('live analytics and customer support from real players', async ({ page, browser, baseURL }) => {
  test.setTimeout(360_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const live = await createStream(api, unique('Audiência'), {
    type: 'encoder',
    latency: 'ultraLow',
    scheduledStartTime: new Date(Date.now() - 60_000).toISOString(),
  });
  await controlStream(api, live.id, 'start');
  const key = (await getStream(api, live.id)).body!.signals[0]!.key!;
  const encoder: ChildProcess = publishTestSignal(`rtmp://127.0.0.1:${E2E_INGEST_PORT}/live/${key}`, 200);
  const viewers: Viewer[] = [];
  try {
    await untilOnAir(page.request, live.id);

    // Five viewers: three on Windows in São Paulo (Vivo), two on a Mac in Rio (Claro).
    for (const [ua, address] of [
      [WINDOWS, SAO_PAULO_VIVO],
      [WINDOWS, SAO_PAULO_VIVO],
      [WINDOWS, SAO_PAULO_VIVO],
      [MAC, RIO_CLARO],
      [MAC, RIO_CLARO],
    ] as const)
      viewers.push(await openViewer(browser, baseURL!, live.id, ua, address));
    for (const v of viewers) await expectPlaying(v.page);

    await page.goto(`/analytics?live=${live.id}`);
    await expect(page.getByTestId('analytics-live-title')).toHaveText(live.nome, { timeout: 20_000 });
    await expect(figure(page, 'viewersNow')).toHaveText('5', { timeout: 20_000 });
    // The places they watch from, and the databases' credits beside them.
    await expect(page.getByText('Sao Paulo').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Rio de Janeiro').first()).toBeVisible();
    await expect(page.getByTestId('analytics-attributions')).toContainText('DB-IP');

    // The network provider and operating system breakdowns.
    const viewersCard = page.locator('section[data-metric="viewers"]');
    const splitBy = async (label: string) => {
      await viewersCard.getByRole('combobox', { name: 'Dividir por' }).click();
      await page.getByRole('option', { name: label }).click();
    };
    await splitBy('Provedor de internet');
    await expect(viewersCard.getByText('Vivo')).toBeVisible({ timeout: 15_000 });
    await expect(viewersCard.getByText('Claro')).toBeVisible();
    await splitBy('Sistema operacional');
    await expect(viewersCard.getByText('Windows')).toBeVisible({ timeout: 15_000 });
    await expect(viewersCard.getByText('macOS')).toBeVisible();

    // Two leave: it reads 3, pushed to the open page.
    for (const v of viewers.splice(0, 2)) await v.context.close();
    await expect(figure(page, 'viewersNow')).toHaveText('3', { timeout: 20_000 });

    // A manifest answering 500: a startup failure.
    const failing = await openViewer(browser, baseURL!, live.id, WINDOWS, SAO_PAULO_VIVO, (p) =>
      p.route(MANIFEST, (route) => route.fulfill({ status: 500, body: 'boom' })),
    );
    viewers.push(failing);
    // (Its player tries again every 10 s: each try is an attempt of its own, and fails.)
    await expect(page.locator('[data-figure="initFail"]')).toContainText(/[1-9]\d* visualizaç/, {
      timeout: 30_000,
    });

    // A viewer in Rio whose segments are held back 8 s once it plays: a stall of about that length.
    let hold: Promise<void> | null = null;
    let release = () => {};
    const stalled = await openViewer(browser, baseURL!, live.id, MAC, RIO_CLARO, (p) =>
      p.route(SEGMENT, async (route) => {
        if (hold) await hold;
        await route.continue();
      }),
    );
    viewers.push(stalled);
    await expectPlaying(stalled.page, 2);
    // A loaded machine can leave the player waiting for its next segment already: the hold starts once
    // it plays again, so that the stall it causes is the one measured.
    await stalled.page.locator('video').evaluate(
      (v: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          const playing = () => !v.paused && v.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA;
          if (playing()) resolve();
          else v.addEventListener('playing', () => resolve(), { once: true });
        }),
    );
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Released 8 s after the player ran out of media: nothing ahead of the playhead and not enough to
    // play on. A 'waiting' event or a dip of the ready state alone is no stall (a busy decoder, a
    // rendition switch), and counting from one made the stall the player lived through seconds shorter.
    await expect
      .poll(
        () =>
          stalled.page.evaluate(() => {
            const video = document.querySelector('video');
            if (!video || video.paused || video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) return false;
            const { buffered, currentTime } = video;
            const ahead = buffered.length ? buffered.end(buffered.length - 1) - currentTime : 0;
            return ahead < 0.5;
          }),
        { timeout: 60_000, intervals: [100] },
      )
      .toBe(true);
    await page.waitForTimeout(8_000);
    hold = null;
    release();
    await expectPlaying(
      stalled.page,
      (await stalled.page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime)) + 1,
    );

    // Support finds that viewer by the ID their player shows: their system, place and events in order.
    await page.goto(`/atendimento/${live.id}`);
    await page.getByLabel('ID do espectador').fill(stalled.viewerId);
    await page.getByRole('button', { name: 'Buscar' }).click();
    // Their newest view opens.
    const detail = page.getByTestId('support-view');
    await expect(detail.getByTestId('support-os')).toHaveText('macOS', { timeout: 20_000 });
    await expect(detail.getByTestId('support-state')).toHaveText('Rio de Janeiro');
    await expect(detail.getByTestId('support-city')).toHaveText('Rio de Janeiro');
    await expect(detail.getByTestId('support-provider')).toHaveText('Claro');
    const events = detail.getByTestId('support-event');
    await expect(events.first()).toHaveAttribute('data-type', 'start');
    await expect(detail.locator('[data-testid="support-event"][data-type="rebuffer_end"]')).not.toHaveCount(
      0,
      {
        timeout: 20_000,
      },
    );
    const types = await events.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type')));
    // Heartbeats come every 10 s from the view's start: on a loaded machine the first one can come before
    // the first frame, so the order asserted is that of the player's own events.
    expect(types.filter((t) => t !== 'heartbeat').slice(0, 2)).toEqual(['start', 'startup']);
    expect(types.indexOf('rebuffer_start')).toBeLessThan(types.indexOf('rebuffer_end'));
    // The stall is in the view's figures, at least as long as the player stayed frozen (8 s, and more when
    // the page loads the live again meanwhile: the picture does not move then either): one stall from
    // shaka's first buffering to the picture moving again, through shaka's flag going off and on meanwhile
    // (docs/analytics.md "A stall lasts until the picture moves"; counted from the flag alone it was 1.7 s
    // in three pieces). Its rebuffer_end above came while the viewer still watched, so the picture moving
    // ended it, not the viewer leaving.
    const stall = await page.request
      .get(`/v1/analytics/lives/${live.id}/views?viewerId=${stalled.viewerId}&accountId=${teamId}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      .then((r) => r.json() as Promise<{ items: { rebufferMs: number; rebufferCount: number }[] }>);
    const longest = Math.max(...stall.items.map((v) => v.rebufferMs));
    expect(Math.max(...stall.items.map((v) => v.rebufferCount)), JSON.stringify(stall.items)).toBeGreaterThan(
      0,
    );
    expect(longest, JSON.stringify(stall.items)).toBeGreaterThanOrEqual(6_000);
  } finally {
    encoder.kill('SIGINT');
    for (const v of viewers) await v.context.close().catch(() => {});
  }
});

test('VOD analytics: a video watched and liked in the player shows in its folder', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const title = unique('Aula analisada');
  const videoId = await readyVideo({ request: page.request, token, teamId }, title);

  const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const viewer = await context.newPage();
  await viewer.goto(`/embed/vod/${videoId}`);
  await expectPlaying(viewer, 0.5);
  const like = viewer.getByRole('button', { name: 'Curtir' });
  await viewer.locator('video').hover();
  await like.focus();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.get(`/v1/analytics/vod/${videoId}/total-likes?accountId=${teamId}`, {
              headers: { authorization: `Bearer ${token}` },
            })
          ).json()) as { totalLikes: number }
        ).totalLikes,
    )
    .toBe(1);
  // The viewer leaves: the view ends with its watch time.
  await context.close();

  // (The first view after the server started waits once for the network-provider tables: a few s.)
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.get(`/v1/analytics/vod?accountId=${teamId}`, {
              headers: { authorization: `Bearer ${token}` },
            })
          ).json()) as { totals: { views: number } }
        ).totals.views,
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  await page.goto('/analytics/vod');
  const row = page.locator(`[data-testid="vod-analytics-video-row"][data-id="${videoId}"]`).first();
  await expect(row).toContainText(title);
  await expect(row.getByTestId('vod-analytics-video-views')).toHaveText('1', { timeout: 20_000 });
  await expect(page.getByTestId('vod-total-likes')).toContainText('1');
});
