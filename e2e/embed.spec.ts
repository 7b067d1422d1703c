import type { ChildProcess } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import type { PlaybackInfo } from '../contract/playback';
import { publishTestSignal } from '../server/test/rtmp-encoder.ts';
import { expectPlaying, playerFrame, readyVideo, startSite } from './embed-helpers';
import { type Api, controlStream, createStream, getStream, unique } from './streaming-helpers';
import { DEMO, E2E_BASE_URL, E2E_INGEST_PORT } from './support/env';
import { signInWithTeam } from './support/pwa';

// Public playback end to end (docs/playback.md), against the real server: a live pushed by a real ffmpeg
// plays in the embed player placed in an iframe on a second local origin (an authorized domain), after the
// VAST pre-roll of a local ad server, and its post-roll when the live ends; another origin is refused; a
// viewer in a blocked country (the trusted CDN country header) gets the region message and the playlists
// refuse it; a ready VOD plays with subtitles.

let site: Awaited<ReturnType<typeof startSite>>;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(() => site?.close());

/** Every request of the page to the server carries this viewer country (as a CDN in front would). */
async function fromCountry(page: Page, country: string) {
  await page.route(`${E2E_BASE_URL}/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-e2e-country': country } }),
  );
}

test('a pushed live plays in an iframe on an authorized site after its pre-roll; other sites and a blocked country do not', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const created = await createStream(api, unique('Embed live'), {
    type: 'encoder',
    security: { geoAccessControl: 'block', geoRegionList: ['AR'], referrerWhitelist: ['site.localhost'] },
    ads: { preRollVastUrl: site.vastUrl, postRollVastUrl: site.vastUrl },
  });
  const liveId = created.id;
  await controlStream(api, liveId, 'start');
  const key = (await getStream(api, liveId)).body!.signals[0]!.key!;
  const encoder: ChildProcess = publishTestSignal(`rtmp://127.0.0.1:${E2E_INGEST_PORT}/live/${key}`, 150);
  const exited = new Promise<void>((resolve) => encoder.once('close', () => resolve()));
  const embed = `${E2E_BASE_URL}/embed/${liveId}`;
  const sitePage = site.pageUrl('site.localhost', embed);
  const siteOrigin = new URL(sitePage).origin;
  try {
    // The viewers' packaging is up once the endpoint answers a manifest.
    let info: PlaybackInfo | undefined;
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/v1/public/lives/${liveId}/playback`, {
            params: { origin: siteOrigin },
          });
          info = (await res.json()) as PlaybackInfo;
          return info.manifestUrl;
        },
        { timeout: 60_000 },
      )
      .toMatch(/^\/play\/live\//);

    // On the authorized site: the ad first (its impression recorded), then the live.
    site.hits.length = 0;
    await page.goto(sitePage);
    const frame = await playerFrame(page);
    await expect(frame.getByTestId('ad')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => site.hits).toContain('/impression');
    await expectPlaying(frame, 1, 60_000);
    await expect(frame.locator('.controls .time')).toHaveText('AO VIVO');

    // Another site: the browser refuses to frame the player (frame-ancestors), and the endpoint gives
    // it no token; a browser that ignored the header would show the player's message.
    const other = site.pageUrl('other.localhost', embed);
    const refused = await page.request.get(`/v1/public/lives/${liveId}/playback`, {
      params: { origin: new URL(other).origin },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { reason: string }).reason).toBe('domain_not_allowed');
    await page.goto(other);
    await expect((await playerFrame(page)).locator('#player')).toHaveCount(0);
    await page.route(`${embed}`, async (route) => {
      const res = await route.fetch();
      const headers = { ...res.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({ response: res, headers });
    });
    await page.goto(other);
    const unframed = await playerFrame(page);
    await expect(unframed.locator('.screen')).toHaveAttribute('data-state', 'domain_not_allowed');
    await expect(unframed.locator('.screen')).toHaveText(
      'Este site não tem permissão para exibir este vídeo.',
    );
    await page.unrouteAll();

    // A viewer in a blocked country: the region message, and the playlists refuse it.
    await fromCountry(page, 'AR');
    await page.goto(sitePage);
    const blocked = await playerFrame(page);
    await expect(blocked.locator('.screen')).toHaveText('Este conteúdo não está disponível na sua região.');
    await expect(blocked.locator('video.video')).toHaveCount(0);
    const master = await page.request.get(info!.manifestUrl!, { headers: { 'x-e2e-country': 'AR' } });
    expect(master.status()).toBe(403);
    const playlist = (await (await page.request.get(info!.manifestUrl!)).text())
      .split('\n')
      .find((line) => line.endsWith('.m3u8'));
    const rendition = new URL(playlist!, `${E2E_BASE_URL}${info!.manifestUrl}`).href;
    expect((await page.request.get(rendition)).status()).toBe(200);
    expect((await page.request.get(rendition, { headers: { 'x-e2e-country': 'AR' } })).status()).toBe(403);

    // The live ends while it plays: the post-roll, then the closing message.
    await page.unrouteAll();
    await page.goto(sitePage);
    const watching = await playerFrame(page);
    await expectPlaying(watching, 1, 60_000);
    site.hits.length = 0;
    await controlStream(api, liveId, 'complete');
    await expect.poll(() => site.hits, { timeout: 60_000 }).toContain('/impression');
    await expect(watching.locator('.screen')).toHaveAttribute('data-state', 'finished', { timeout: 30_000 });
  } finally {
    encoder.kill('SIGINT');
    await exited;
  }
});

test('a ready VOD plays in the embed with its subtitles', async ({ page }) => {
  test.setTimeout(180_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const videoId = await readyVideo({ request: page.request, token, teamId }, unique('Embed VOD real'));
  await page.goto(site.pageUrl('any.localhost', `${E2E_BASE_URL}/embed/vod/${videoId}`));
  const frame = await playerFrame(page);
  await expectPlaying(frame, 1);
  await expect(frame.locator('.shaka-text-container').getByText('Legenda de teste')).toBeVisible({
    timeout: 15_000,
  });
  await expect(frame.getByRole('combobox', { name: 'Legendas' })).toBeVisible();
});
