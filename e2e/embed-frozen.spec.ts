import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { publishTestSignal } from '../server/test/rtmp-encoder.ts';
import { untilOnAir } from './embed-helpers';
import { type Api, controlStream, createStream, getStream, unique } from './streaming-helpers';
import { DEMO, E2E_INGEST_PORT } from './support/env';
import { signInWithTeam } from './support/pwa';

// docs/playback.md "The embed player (emb)", its "A frozen live player": a player whose picture stays still while its live goes on is
// started again by the page. A real ffmpeg publishes; the viewer's media playlists are then answered
// with the copy they last had (what a player stuck polling a playlist that never grows sees: shaka
// raises no error, and without the page's watch the picture stayed frozen for good).

const PLAYLIST = /\/play\/live\/.*\.m3u8(\?|$)/;

test('a live player whose picture stays frozen is started again, and plays on', async ({ page }) => {
  test.setTimeout(240_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const created = await createStream(api, unique('Embed frozen'), { type: 'encoder' });
  const liveId = created.id;
  await controlStream(api, liveId, 'start');
  const key = (await getStream(api, liveId)).body!.signals[0]!.key!;
  const encoder: ChildProcess = publishTestSignal(`rtmp://127.0.0.1:${E2E_INGEST_PORT}/live/${key}`, 200);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await untilOnAir(page.request, liveId);

    // Each playlist's latest answer; while `frozen`, a media playlist's copy is answered again.
    let frozen = false;
    const last = new Map<string, { body: Buffer; headers: Record<string, string> }>();
    await page.route(PLAYLIST, async (route) => {
      const path = new URL(route.request().url()).pathname;
      const kept = last.get(path);
      if (frozen && kept && !path.endsWith('/master.m3u8'))
        return route.fulfill({ status: 200, body: kept.body, headers: kept.headers });
      const response = await route.fetch();
      const body = await response.body();
      if (response.status() === 200) last.set(path, { body, headers: response.headers() });
      return route.fulfill({ response, body });
    });

    await page.goto(`/embed/${liveId}`);
    // shaka has the picture (the browser's own player hands over once the playhead moves).
    const shaka = page.locator('video.video[data-transport="hls"]');
    await expect(shaka).toHaveCount(1, { timeout: 60_000 });
    await expect
      .poll(() => shaka.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(1);

    // The playlists stop growing: the picture plays what it has, then stands still.
    await shaka.evaluate((v: HTMLVideoElement) => {
      v.dataset.first = 'true';
    });
    frozen = true;
    await expect
      .poll(
        async () => {
          const before = await shaka.evaluate((v: HTMLVideoElement) => v.currentTime).catch(() => null);
          await page.waitForTimeout(1_500);
          const after = await shaka.evaluate((v: HTMLVideoElement) => v.currentTime).catch(() => null);
          return before !== null && before === after;
        },
        { timeout: 60_000 },
      )
      .toBe(true);

    // The page starts a new player (the renewals of the playback answer, every 10 s here, keep the old
    // one), which plays the live as it goes on once its playlists grow again.
    const next = page.locator('video.video:not([data-first])');
    await expect(next).toHaveCount(1, { timeout: 60_000 });
    frozen = false;
    await expect(page.locator('video.video[data-first]')).toHaveCount(0);
    const playhead = () =>
      page.evaluate(() => {
        const video = document.querySelector<HTMLVideoElement>('video.video');
        return video && !video.paused ? video.currentTime : null;
      });
    await expect.poll(playhead, { timeout: 45_000 }).not.toBeNull();
    const from = (await playhead()) ?? 0;
    await expect.poll(async () => (await playhead()) ?? 0, { timeout: 45_000 }).toBeGreaterThan(from + 1);
    expect(errors).toEqual([]);
  } finally {
    encoder.kill('SIGINT');
  }
});
