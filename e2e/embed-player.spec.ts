import { expect, type Page, test } from '@playwright/test';
import type { PlaybackInfo } from '../contract/playback';
import { expectPlaying, playerFrame, readyVideo, startSite } from './embed-helpers';
import { createStream, unique } from './streaming-helpers';
import { DEMO, E2E_BASE_URL } from './support/env';
import { signInWithTeam } from './support/pwa';

// docs/playback.md "The embed player (emb)": the embed player page in real Chromium, placed in an iframe on a
// second local origin, with real media (a VOD transcoded by the server), a real VAST server and the server's
// real framing policy. The playback answer is handed to the page by route, built from the video's own API
// (its signed HLS and subtitle URLs), to reach what the real endpoint cannot give a VOD (ads are stream
// settings) and each state at will; e2e/embed.spec.ts runs against the real endpoint.

let site: Awaited<ReturnType<typeof startSite>>;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(() => site?.close());

/** No such live: the server renders no playback answer into its page, so the player asks the endpoint,
 * which these tests answer by route (docs/playback.md "Startup time: the answer in the page"). */
const LIVE = 'f0000000-0000-4000-8000-0000000000ee';

function info(over: Partial<PlaybackInfo>): PlaybackInfo {
  return {
    kind: 'live',
    id: LIVE,
    accountId: 'a0000000-0000-4000-8000-000000000002',
    title: 'Embed e2e',
    status: 'live',
    scheduledStartTime: null,
    playerColor: '#00aa00',
    latency: 'default',
    dvr: { enabled: false, windowSeconds: 0 },
    audioOnly: false,
    banners: { thumbnail: null, startSoonScreen: null, pauseScreen: null, endingScreen: null },
    manifestUrl: null,
    manifestType: 'hls',
    recordingVideoId: null,
    subtitles: [],
    ads: { preRollVastUrl: null, postRollVastUrl: null },
    analyticsMeasurementId: null,
    viewerId: 'AB12CD34',
    sessionId: 'session',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    overlays: [],
    channelUrl: null,
    beaconUrl: '/v1/public/beacons',
    latencyTargets: null,
    ...over,
  };
}

async function answerPlayback(page: Page, path: string, status: number, body: object) {
  await page.route(`**${path}/playback*`, (route) => route.fulfill({ status, json: body }));
}

test('a VOD in an iframe on another site: a broken ad is skipped; the pre-roll plays first, then the video with subtitles', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const videoId = await readyVideo({ request: page.request, token, teamId }, unique('Embed VOD'));
  const auth = { headers: { Authorization: `Bearer ${token}` }, params: { accountId: teamId } };
  const video = (await (await page.request.get(`/v1/videos/${videoId}`, auth)).json()) as {
    hlsUrl: string;
    subtitles: { language: string; url: string }[];
  };
  const withAd = (preRollVastUrl: string) =>
    info({
      kind: 'vod',
      id: videoId,
      status: 'ready',
      manifestUrl: video.hlsUrl,
      subtitles: video.subtitles.map((s) => ({ lang: s.language, label: 'Português', url: s.url })),
      ads: { preRollVastUrl, postRollVastUrl: null },
      channelUrl: null,
    });
  // Framed without a Referer: the server renders no answer and the player asks the endpoint, which this
  // test answers (docs/playback.md "Startup time: the answer in the page").
  const embed = site.pageUrl('site.localhost', `${E2E_BASE_URL}/embed/vod/${videoId}`, { noReferrer: true });

  // A broken ad (its media file is missing) never holds up the content: its error pixel fires.
  await answerPlayback(page, `/v1/public/videos/${videoId}`, 200, withAd(site.brokenVastUrl));
  site.hits.length = 0;
  await page.goto(embed);
  await expectPlaying(await playerFrame(page), 1);
  expect(site.hits).toContain('/error');
  expect(site.hits).not.toContain('/impression');

  await page.unrouteAll();
  await answerPlayback(page, `/v1/public/videos/${videoId}`, 200, withAd(site.vastUrl));
  site.hits.length = 0;
  await page.goto(embed);
  const frame = await playerFrame(page);

  // The ad first, over the player, its impression pixel fired; the content only after it.
  await expect(frame.getByTestId('ad')).toBeVisible({ timeout: 20_000 });
  await expect(frame.locator('video.video')).toHaveCount(0);
  await expect.poll(() => site.hits).toContain('/impression');
  await expectPlaying(frame, 1);
  await expect(frame.getByTestId('ad')).toHaveCount(0);
  expect(site.hits).toContain('/complete');
  expect(site.hits).not.toContain('/error');

  // The subtitle's cue is loaded (1 s after the start) and shown (drawn by shaka in the player).
  await expect(frame.locator('.shaka-text-container').getByText('Legenda de teste')).toBeVisible({
    timeout: 15_000,
  });

  // The controls wear the player colour; space pauses, m unmutes.
  await expect(frame.locator('.controls .play')).toHaveCSS('background-color', 'rgb(0, 170, 0)');
  // Drawn icons, not emoji (which show as empty boxes without an emoji font): no text in any button.
  const buttons = frame.locator('.controls button');
  expect(await buttons.count()).toBeGreaterThan(3);
  for (const b of await buttons.all()) {
    await expect(b.locator('svg')).toHaveCount(1);
    expect((await b.textContent())?.trim()).toBe('');
  }
  await frame.locator('.stage').click({ position: { x: 10, y: 10 } });
  await frame.locator('body').press('m');
  await expect(frame.getByRole('button', { name: 'Silenciar' })).toBeAttached();
  await frame.locator('body').press(' ');
  await expect
    .poll(() => frame.locator('video.video').evaluate((v: HTMLVideoElement) => v.paused))
    .toBe(true);
});

test('each state has its message: scheduled (local time), paused, finished, region, domain, not found', async ({
  page,
}) => {
  const at = '2026-12-01T18:30:00.000Z';
  const when = await page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso)),
    at,
  );
  const cases: [number, object, string, RegExp][] = [
    [
      200,
      info({ status: 'scheduled', scheduledStartTime: at }),
      'scheduled',
      new RegExp(`começa em ${when}`),
    ],
    [200, info({ status: 'paused' }), 'paused', /pausada/],
    [200, info({ status: 'finished' }), 'finished', /terminou/],
    [
      403,
      { statusCode: 403, error: 'Forbidden', message: 'x', reason: 'geo_blocked' },
      'geo_blocked',
      /sua região/,
    ],
    [
      403,
      { statusCode: 403, error: 'Forbidden', message: 'x', reason: 'domain_not_allowed' },
      'domain_not_allowed',
      /não tem permissão/,
    ],
    [
      404,
      { statusCode: 404, error: 'Not Found', message: 'x', reason: 'not_found' },
      'not_found',
      /não encontrado/,
    ],
  ];
  for (const [status, body, state, text] of cases) {
    await page.unrouteAll();
    await answerPlayback(page, `/v1/public/lives/${LIVE}`, status, body);
    await page.goto(`/embed/${LIVE}`);
    const screen = page.locator('.screen');
    await expect(screen, state).toHaveAttribute('data-state', state);
    await expect(screen, state).toHaveText(text);
  }
});

test('a live with authorized domains can be framed by them only', async ({ page }) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api = { request: page.request, token, teamId };
  const stream = await createStream(api, unique('Embed domains'), {
    security: { geoAccessControl: 'off', geoRegionList: [], referrerWhitelist: ['site.localhost'] },
  });
  const embed = `${E2E_BASE_URL}/embed/${stream.id}`;

  await page.goto(site.pageUrl('site.localhost', embed));
  await expect((await playerFrame(page)).locator('#player')).toBeAttached();

  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('frame-ancestors')) refused.push(m.text());
  });
  await page.goto(site.pageUrl('other.localhost', embed));
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  await expect((await playerFrame(page)).locator('#player')).toHaveCount(0);
});
