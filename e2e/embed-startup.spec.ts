import { expect, test } from '@playwright/test';
import { readyVideo } from './embed-helpers';
import { unique } from './streaming-helpers';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// docs/playback.md "Startup time": the embed page lists what its start needs as modulepreload links (shaka
// is asked for before the playback answer, not after it), and the startup time its telemetry reports is
// the one the page itself sees, from navigation start to the video's first 'playing' (within 100 ms).
// A real VOD transcoded by the server, the real playback endpoint and beacons, in a fresh context.

test('the embed loads shaka alongside its playback call, and reports the startup time the page measures', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const videoId = await readyVideo({ request: page.request, token, teamId }, unique('Startup VOD'));

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
  await viewer.goto(`/embed/vod/${videoId}`);

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
  // shaka was asked for before the playback call even began (it used to wait for the answer).
  expect(startOf(/\/shaka-player\.hls-[^/]+\.js$/)).toBeLessThan(startOf(/\/playback$/) as number);
  // The same figure the viewer waited: telemetry counts from the page load to the first 'playing'.
  expect(timings.firstPlaying).not.toBeNull();
  expect(Math.abs(reported - (timings.firstPlaying as number))).toBeLessThanOrEqual(100);
  await context.close();
});
