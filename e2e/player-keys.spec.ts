import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { unique } from './streaming-helpers';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';
import { makeVideo, untilReady, uploadSource } from './vod-helpers';

// SPEC §2.8 (docs/playback.md "The embed player (emb)"): the player the classroom frames — arrow keys
// seek 5 s, the rewind and forward buttons 10 s, m toggles mute, space toggles play. A real video,
// transcoded by the server, through the real public playback endpoint.

const position = (page: Page) => page.locator('video.video').evaluate((v: HTMLVideoElement) => v.currentTime);

/** Waits until the player rests near `seconds` (a seek lands on the nearest frame). */
const expectAt = (page: Page, seconds: number) =>
  expect.poll(() => position(page), { timeout: 10_000 }).toBeCloseTo(seconds, 0);

test('the player: arrows seek 5 s, the buttons 10 s, m mutes, space plays and pauses', async ({ page }) => {
  test.setTimeout(180_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const headers = { Authorization: `Bearer ${token}` };
  const params = { accountId: teamId };
  const created = await page.request.post('/v1/videos/vod', {
    headers,
    params,
    data: { title: unique('Teclas do player') },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const file = makeVideo(`keys-${Date.now()}.mp4`, { size: '320x180', seconds: 30, bitrate: '150k' });
  await uploadSource(page.request, { token, teamId }, id, {
    name: file.name,
    buffer: readFileSync(file.path),
  });
  await untilReady(page.request, { token, teamId }, id, 120_000);

  await page.goto(`/embed/vod/${id}`);
  await expect.poll(() => position(page), { timeout: 30_000 }).toBeGreaterThan(0.5);
  // Space pauses (the page, not a control, has the focus).
  await page.keyboard.press(' ');
  await expect.poll(() => page.locator('video.video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  // From a known place, paused so the clock stands still.
  await page.locator('video.video').evaluate((v: HTMLVideoElement) => {
    v.currentTime = 12;
  });
  await expectAt(page, 12);

  await page.keyboard.press('ArrowRight');
  await expectAt(page, 17);
  await page.keyboard.press('ArrowLeft');
  await expectAt(page, 12);
  // It starts muted (what browsers let play by itself): m unmutes, m mutes again.
  await page.keyboard.press('m');
  await expect.poll(() => page.locator('video.video').evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
  await page.keyboard.press('m');
  await expect.poll(() => page.locator('video.video').evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await page.getByRole('button', { name: 'Avançar 10 segundos' }).click();
  await expectAt(page, 22);
  await page.getByRole('button', { name: 'Voltar 10 segundos' }).click();
  await expectAt(page, 12);

  // A pressed button keeps the focus (space would press it again): a click beside the controls gives the
  // keys back to the player.
  await page.locator('.controls .time').click();
  // Space plays again.
  await page.keyboard.press(' ');
  await expect
    .poll(() => page.locator('video.video').evaluate((v: HTMLVideoElement) => v.paused))
    .toBe(false);
});
