import type { ChildProcess } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { publishTestSignal } from '../server/test/rtmp-encoder.ts';
import { expectPlaying, untilOnAir } from './embed-helpers';
import { type Api, controlStream, createStream, getStream, unique } from './streaming-helpers';
import { DEMO, E2E_INGEST_PORT } from './support/env';
import { signInWithTeam } from './support/pwa';

// A paused live with DVR kept showing its picture and clock instead of the pause
// banner. A real ffmpeg publishes to a DVR live; the operator pauses it while the viewer watches, and
// again while the viewer's player is (re)starting; each time the viewer sees the pause message, no
// video and no clock.

const PAUSED = 'A transmissão está pausada. Volte em instantes.';

async function expectPauseBanner(page: Page, what: string) {
  const screen = page.locator('.screen');
  await expect(screen, what).toHaveAttribute('data-state', 'paused', { timeout: 20_000 });
  await expect(screen, what).toBeVisible();
  await expect(screen, what).toHaveText(PAUSED);
  await expect(page.locator('video.video'), what).toHaveCount(0);
  await expect(page.locator('.controls .time'), what).toHaveCount(0);
}

test('a paused DVR live shows the pause banner, also when the pause comes while the player is starting', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const created = await createStream(api, unique('Embed DVR pause'), {
    type: 'encoder',
    transcode: { enableLive2vod: false, enableDvr: true, enableAudioOnly: false },
  });
  const liveId = created.id;
  await controlStream(api, liveId, 'start');
  const key = (await getStream(api, liveId)).body!.signals[0]!.key!;
  const encoder: ChildProcess = publishTestSignal(`rtmp://127.0.0.1:${E2E_INGEST_PORT}/live/${key}`, 200);
  const exited = new Promise<void>((resolve) => encoder.once('close', () => resolve()));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // What the viewer channel tells the player.
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  try {
    await untilOnAir(page.request, liveId);

    // Watching: the DVR live plays with its position behind the edge, then the operator pauses.
    await page.goto(`/embed/${liveId}`);
    await expectPlaying(page.mainFrame(), 1, 60_000);
    await expect(page.locator('.controls .seek')).toBeAttached();
    await controlStream(api, liveId, 'pause');
    await expectPauseBanner(page, 'watching');

    // Starting again: the operator resumes, and pauses once more while the player is loading the live
    // (its manifest held until the viewer channel has told the pause): the pause must not be lost
    // (the player used to start the paused live and show it, since it asks the server again only
    // when the channel tells a change).
    let held: () => void = () => undefined;
    const requested = new Promise<void>((resolveRequested) => {
      const release = new Promise<void>((resolve) => {
        held = resolve;
      });
      void page.route('**/master.m3u8*', async (route) => {
        resolveRequested();
        await release;
        await route.continue();
      });
    });
    await controlStream(api, liveId, 'resume');
    await requested;
    frames.length = 0;
    await controlStream(api, liveId, 'pause');
    await expect.poll(() => frames.some((f) => f.includes('"status":"paused"'))).toBe(true);
    held();
    await expectPauseBanner(page, 'starting');
    expect(errors).toEqual([]);
  } finally {
    encoder.kill('SIGINT');
    await exited;
  }
});
