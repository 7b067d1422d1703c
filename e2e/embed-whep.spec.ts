import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import type { PlaybackInfo } from '../contract/playback';
import { whipPublish } from '../server/test/helpers/whip-client.ts';
import { type Api, controlStream, createStream, getStream, unique } from './streaming-helpers';
import { DEMO, E2E_BASE_URL, E2E_DATA_DIR, fakeMediaLaunch } from './support/env';
import { signInWithTeam } from './support/pwa';

// WHEP playback (docs/studio.md "WHEP playback"), against the real server in Debian's Chromium: a live
// published over WHIP (a werift peer fed by ffmpeg, as OBS would) in the ultra-low mode plays in the embed
// player over WebRTC (WHEP): the player's video is WebRTC's (`data-transport="whep"`), its picture advances
// and its beacons name the WebRTC delivery. The e2e server allows one WHEP viewer per live
// (WHEP_MAX_VIEWERS_PER_LIVE=1 in playwright.config.ts), so a second viewer meets the limit (503) and
// its player falls back to HLS, which plays.

test.use({
  launchOptions: fakeMediaLaunch(),
});

/** The embed's video once it plays over `transport`, its clock past `seconds`. */
async function expectPlayingOver(page: Page, transport: 'whep' | 'hls', seconds = 1) {
  const video = page.locator(`video.video[data-transport="${transport}"]`);
  await expect(video).toHaveCount(1, { timeout: 45_000 });
  const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime).catch(() => 0), { timeout: 30_000 })
    .toBeGreaterThan(at + seconds);
  // A real picture: the decoded frame has the publisher's size.
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
}

test('an ultra-low live published over WHIP plays over WHEP; past the WHEP viewer limit the player falls back to HLS', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const created = await createStream(api, unique('Embed WHEP'), { latency: 'ultraLow' });
  const liveId = created.id;
  await controlStream(api, liveId, 'start');
  const key = (await getStream(api, liveId)).body!.signals[0]!.key!;
  const publisher = await whipPublish(`${E2E_BASE_URL}/whip`, key, {
    size: '640x360',
    keyframeSeconds: 0.5,
  });
  expect(publisher.status, publisher.body).toBe(201);
  try {
    // The WHEP URL comes as soon as the publish is up; this test waits for the HLS (the fallback
    // the fourth viewer gets) too.
    let info = null as PlaybackInfo | null;
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/v1/public/lives/${liveId}/playback`);
          info = (await res.json()) as PlaybackInfo;
          return info.manifestUrl
            ? (info.whepUrl ?? 'no WHEP URL')
            : `HLS not ready (whepUrl ${info.whepUrl ?? 'none'})`;
        },
        { timeout: 90_000 },
      )
      .toMatch(new RegExp(`^/whep/live/${liveId}/`))
      .catch((error: Error) => {
        // A publish that never came up, or ended: say what the publisher's peer and the server saw.
        const log = readFileSync(`${E2E_DATA_DIR}/server.log`, 'utf8')
          .split('\n')
          .filter((line) => /whip|webrtc|"hop"/i.test(line))
          .slice(-15)
          .join('\n');
        throw new Error(
          `${error.message}\nthe publisher's peer: ${publisher.pc.connectionState}\nthe server's WHIP log:\n${log}`,
        );
      });

    // The first viewer: WebRTC, and its beacons say so.
    const beacons: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/v1/public/beacons')) beacons.push(request.postData() ?? '');
    });
    const whepAnswers: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/whep/live/')) whepAnswers.push(response.status());
    });
    // The ICE gathering state of the page's peer connection when its offer was posted: the offer does
    // not wait for gathering to complete (docs/playback.md "Startup time: what the first second is
    // spent on"); the server's answer has its candidates and learns ours from our checks.
    // What the page asked for: with the playback answer in the page, no playback call, and no shaka
    // (its HLS build is not even fetched) before the WebRTC picture (docs/playback.md "Startup time: the
    // answer in the page").
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.addInitScript(() => {
      document.addEventListener(
        'playing',
        () => {
          const w = window as unknown as { shakaAtFirstFrame?: boolean };
          w.shakaAtFirstFrame ??= performance.getEntriesByName('embed:shaka').length > 0;
        },
        true,
      );
    });
    await page.addInitScript(() => {
      const posted: string[] = [];
      (window as unknown as { offerPostedWhile: string[] }).offerPostedWhile = posted;
      const peers: RTCPeerConnection[] = [];
      const Native = window.RTCPeerConnection;
      window.RTCPeerConnection = class extends Native {
        constructor(config?: RTCConfiguration) {
          super(config);
          peers.push(this);
        }
      };
      const fetch_ = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (init?.method === 'POST' && url.includes('/whep/'))
          posted.push(peers.at(-1)?.iceGatheringState ?? 'no peer');
        return fetch_(input, init);
      };
    });
    await page.goto(`/embed/${liveId}`);
    await expectPlayingOver(page, 'whep', 2);
    expect(whepAnswers).toEqual([201]);
    expect(await page.evaluate(() => (window as { shakaAtFirstFrame?: boolean }).shakaAtFirstFrame)).toBe(
      false,
    );
    expect(asked.filter((path) => /\/shaka-player\.[^/]+\.js$/.test(path))).toEqual([]);
    expect(asked.filter((path) => path.endsWith('/playback'))).toEqual([]);
    const postedWhile = await page.evaluate(
      () => (window as { offerPostedWhile?: string[] }).offerPostedWhile,
    );
    expect(postedWhile).toHaveLength(1);
    expect(['new', 'gathering']).toContain(postedWhile?.[0]);
    await expect
      .poll(() => beacons.some((b) => b.includes('"type":"startup"') && b.includes('"cdn":"webrtc"')), {
        timeout: 15_000,
      })
      .toBe(true);
    // No HLS was fetched by the WebRTC player.
    expect(await page.locator('video.video').count()).toBe(1);

    // A second viewer meets the limit (503 with Retry-After) and plays HLS instead, without a message.
    const second = await context.newPage();
    const refused: { status: number; retryAfter: string | null }[] = [];
    second.on('response', (response) => {
      if (response.url().includes('/whep/live/'))
        refused.push({ status: response.status(), retryAfter: response.headers()['retry-after'] ?? null });
    });
    await second.goto(`/embed/${liveId}`);
    await expectPlayingOver(second, 'hls', 2);
    // Every WHEP try of this player met the limit (a player that starts again, HLS having stopped,
    // tries WebRTC first again).
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(answer).toEqual({ status: 503, retryAfter: '30' });
    await expect(second.locator('.screen')).toBeHidden();
    // The first one still plays over WebRTC.
    await expectPlayingOver(page, 'whep', 1);
    await second.close();
  } finally {
    await publisher.stop(true);
    await controlStream(api, liveId, 'complete');
  }
});
