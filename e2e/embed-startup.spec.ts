import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type Browser, expect, test } from '@playwright/test';
import { publishTestSignal } from '../server/test/rtmp-encoder.ts';
import { readyVideo, renderedAnswer, untilOnAir } from './embed-helpers';
import { type Api, controlStream, createStream, getStream, unique } from './streaming-helpers';
import { DEMO, E2E_INGEST_PORT } from './support/env';
import { signInWithTeam } from './support/pwa';
import { makeVideo, untilReady, uploadSource } from './vod-helpers';

// docs/playback.md "Startup time": the embed page lists what its start needs as modulepreload links (shaka
// is asked for before the playback answer, not after it), and the startup time its telemetry reports is
// the one the page itself sees, from navigation start to the video's first 'playing' (within 100 ms).
// A real VOD transcoded by the server, the real playback endpoint and beacons, in a fresh context.

test('the embed carries its playback answer, loads shaka with the page, and reports the startup time the page measures', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const videoId = await readyVideo({ request: page.request, token, teamId }, unique('Startup VOD'));

  const { context, viewer, startupBeacon } = await timedViewer(browser, `/embed/vod/${videoId}`);

  const preloads = await viewer
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
  expect(preloads.some((p) => /\/shaka-player\.hls-[^/]+\.js$/.test(p))).toBe(true);
  expect(preloads.some((p) => /\/telemetry-[^/]+\.js$/.test(p))).toBe(true);

  const reported = Number(/"startupMs":(\d+)/.exec((await startupBeacon).postData() ?? '')?.[1]);
  const timings = await viewer.evaluate(() => ({
    firstPlaying: (window as unknown as { firstPlaying?: number }).firstPlaying ?? null,
    resources: performance
      .getEntriesByType('resource')
      .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
  }));
  const startOf = (test: RegExp) => timings.resources.find((r) => test.test(r.path))?.start;
  // shaka was asked for with the page (it used to wait for the answer), and the playback answer came in
  // the page itself: no playback call at all (docs/playback.md "Startup time: the answer in the page").
  expect(startOf(/\/shaka-player\.hls-[^/]+\.js$/)).toBeDefined();
  expect(startOf(/\/playback$/)).toBeUndefined();
  expect(await renderedAnswer(viewer)).toMatchObject({ kind: 'vod', id: videoId });
  // The same figure the viewer waited: telemetry counts from the page load to the first 'playing'.
  expect(timings.firstPlaying).not.toBeNull();
  expect(Math.abs(reported - (timings.firstPlaying as number))).toBeLessThanOrEqual(100);
  await context.close();
});

// docs/playback.md "Startup time: native HLS first": a browser that plays HLS itself (this Chromium
// answers "maybe" for application/vnd.apple.mpegurl) shows the first frame with its own player, before
// shaka's build is even evaluated; shaka then takes the picture over, and the viewer gets the quality
// menu of the whole ladder. A VOD without subtitles (a subtitled one starts on shaka).
test('a VOD plays its first frame with the browser’s own HLS player, then shaka takes over with the quality menu', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const headers = { Authorization: `Bearer ${token}` };
  const created = await page.request.post('/v1/videos/vod', {
    headers,
    params: { accountId: teamId },
    data: { title: unique('Native start') },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const file = makeVideo(`native-${Date.now()}.mp4`, { seconds: 30, bitrate: '300k' });
  await uploadSource(page.request, { token, teamId }, id, {
    name: file.name,
    buffer: readFileSync(file.path),
  });
  await untilReady(page.request, { token, teamId }, id);

  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(() => {
    document.addEventListener(
      'playing',
      (event) => {
        const w = window as unknown as { first?: { transport: string; shakaBefore: boolean } };
        w.first ??= {
          transport: (event.target as HTMLElement).dataset.transport ?? '?',
          shakaBefore: performance.getEntriesByName('embed:shaka').length > 0,
        };
      },
      true,
    );
  });
  // shaka's segments (its fetches; the browser's own player loads as media) are held until the viewer
  // has seeked: the seek falls while shaka gets ready to take over, and the picture it takes over must be
  // at the viewer's new second, not at the one shaka loaded at.
  let shakaFetching: () => void = () => undefined;
  const shakaStarted = new Promise<void>((resolve) => {
    shakaFetching = resolve;
  });
  let seeked: () => void = () => undefined;
  const viewerSeeked = new Promise<void>((resolve) => {
    seeked = resolve;
  });
  await context.route(/\/play\/.*\.(ts|m4s|mp4)(\?.*)?$/, async (route) => {
    if (route.request().resourceType() === 'fetch') {
      shakaFetching();
      await viewerSeeked;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    await route.continue();
  });
  const viewer = await context.newPage();
  const startupBeacon = viewer.waitForRequest(
    (r) => r.url().includes('/v1/public/beacons') && (r.postData() ?? '').includes('"startupMs"'),
    { timeout: 60_000 },
  );
  await viewer.goto(`/embed/vod/${id}`);
  await expect
    .poll(() => viewer.evaluate(() => (window as unknown as { first?: unknown }).first ?? null), {
      timeout: 30_000,
    })
    .toEqual({ transport: 'native-hls', shakaBefore: false });
  await shakaStarted;
  await viewer.locator('video.video[data-transport="native-hls"]').evaluate((v: HTMLVideoElement) => {
    v.currentTime = 12;
  });
  seeked();
  // shaka took over: one video in the stage, played by shaka, from where the viewer seeked, still moving,
  // with 240p and 360p to choose.
  await expect(viewer.locator('video.video[data-transport="hls"]')).toHaveCount(1, { timeout: 30_000 });
  await expect(viewer.locator('video.video')).toHaveCount(1);
  const at = await viewer.locator('video.video').evaluate((v: HTMLVideoElement) => v.currentTime);
  expect(at).toBeGreaterThanOrEqual(11.5);
  const quality = viewer.getByRole('combobox', { name: 'Qualidade' });
  await expect(quality.locator('option')).toHaveText(['Automática', /^360p/, /^240p/], { timeout: 15_000 });
  await expect
    .poll(() => viewer.locator('video.video').evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThan(at + 0.5);
  // One startup figure for the view, taken at the native player's first frame.
  expect(Number(/"startupMs":(\d+)/.exec((await startupBeacon).postData() ?? '')?.[1])).toBeGreaterThan(0);
  await context.close();
});

// docs/playback.md "Startup time: lives": a live starts on one rendition and stays on it until its first
// frame (shaka's ABR is held until then), so nothing fetched before the first frame is thrown away; and
// the startup time its telemetry reports is the page's own, as for a VOD. A real ffmpeg publish (640x360,
// as the bench's: both renditions of the ladder are within the 360p the start is restricted to, which is
// where shaka used to switch before the first frame), low latency (1 s segments).
test('a live plays its first frame from the one rendition it started on, and reports the startup time the page measures', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const created = await createStream(api, unique('Startup live'), { type: 'encoder', latency: 'low' });
  await controlStream(api, created.id, 'start');
  const key = (await getStream(api, created.id)).body!.signals[0]!.key!;
  const encoder: ChildProcess = publishTestSignal(`rtmp://127.0.0.1:${E2E_INGEST_PORT}/live/${key}`, 120, {
    size: '640x360',
    rate: 25,
  });
  try {
    await untilOnAir(page.request, created.id);
    // A viewer arriving on a running live: a few segments of each rendition listed.
    await new Promise((resolve) => setTimeout(resolve, 10_000));

    const { context, viewer, startupBeacon } = await timedViewer(browser, `/embed/${created.id}`);
    await expect
      .poll(
        () => viewer.evaluate(() => (window as unknown as { firstPlaying?: number }).firstPlaying ?? null),
        {
          timeout: 30_000,
        },
      )
      .not.toBeNull();
    const before = await viewer.evaluate(() => {
      const first = (window as unknown as { firstPlaying: number }).firstPlaying;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= first)
        .map((e) => new URL(e.name).pathname)
        .filter((p) => /\/(src|low|audio)\/(index\.m3u8|seg_\d+\.ts)$/.test(p))
        .map((p) => p.split('/').slice(-2).join('/'));
    });
    // Something was fetched, and all of it from one rendition.
    expect(before.some((p) => p.endsWith('.ts'))).toBe(true);
    expect(new Set(before.map((p) => p.split('/')[0])).size, before.join(' ')).toBe(1);

    const reported = Number(/"startupMs":(\d+)/.exec((await startupBeacon).postData() ?? '')?.[1]);
    const firstPlaying = await viewer.evaluate(
      () => (window as unknown as { firstPlaying: number }).firstPlaying,
    );
    expect(Math.abs(reported - firstPlaying)).toBeLessThanOrEqual(100);
    await context.close();
  } finally {
    encoder.kill('SIGKILL');
    await controlStream(api, created.id, 'complete').catch(() => undefined);
  }
});

/** A fresh browser context (no service worker, nothing cached) opening `path`: the page records its first
 * `playing` as `window.firstPlaying`, and `startupBeacon` is the beacon that reports `startupMs`. */
async function timedViewer(browser: Browser, path: string) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(() => {
    // Media events do not bubble; they pass the document in the capture phase.
    document.addEventListener(
      'playing',
      () => {
        const w = window as unknown as { firstPlaying?: number };
        w.firstPlaying ??= performance.now();
      },
      true,
    );
  });
  const viewer = await context.newPage();
  const startupBeacon = viewer.waitForRequest(
    (r) => r.url().includes('/v1/public/beacons') && (r.postData() ?? '').includes('"startupMs"'),
    { timeout: 60_000 },
  );
  await viewer.goto(path);
  return { context, viewer, startupBeacon };
}
