import { expect, type Frame, test } from '@playwright/test';
import { expectPlaying, playerFrame, readyVideo, startSite } from './embed-helpers';
import { unique } from './streaming-helpers';
import { DEMO, E2E_BASE_URL } from './support/env';
import { signInWithTeam } from './support/pwa';

// A VOD's subtitles in the embed player, against the real playback endpoint, at
// desktop (in an iframe on another site) and at 390 px (the player page itself). Choosing a subtitle
// threw `setTextTrackVisibility is not a function` (shaka 5 has no such method), 'Desativadas' left
// the captions on, and the captions were drawn under the control bar.

let site: Awaited<ReturnType<typeof startSite>>;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(() => site?.close());

const CUE = 'Legenda de teste';

/** Where the cue's text box and the control bar are on screen, and whether the bar shows. */
async function layout(frame: Frame) {
  return frame.locator('.stage').evaluate((stage, text) => {
    const cue = [...stage.querySelectorAll('.shaka-text-container span')].find((s) => s.textContent === text);
    const bar = stage.querySelector('.controls') as HTMLElement;
    const box = (r: DOMRect) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right });
    return {
      cue: cue ? box(cue.getBoundingClientRect()) : null,
      bar: box(bar.getBoundingClientRect()),
      barShown: Number(getComputedStyle(bar).opacity) === 1,
    };
  }, CUE);
}

/** The cue is on screen and, the bar showing, entirely above it. */
async function expectCueAboveShownBar(frame: Frame, what: string) {
  await expect
    .poll(async () => {
      const { cue, bar, barShown } = await layout(frame);
      if (!cue) return 'no cue on screen';
      if (!barShown) return 'bar hidden';
      return cue.bottom <= bar.top ? 'above' : `overlaps: cue ${cue.top}–${cue.bottom}, bar from ${bar.top}`;
    }, what)
    .toBe('above');
}

async function checkSubtitles(frame: Frame, errors: string[], label: string) {
  await expectPlaying(frame, 0.5);
  const select = frame.getByRole('combobox', { name: 'Legendas' });
  // The track is added 1 s after playback starts (SPEC §2.8) and shown at once.
  await expect(select.locator('option')).toHaveCount(2, { timeout: 15_000 });
  const cue = frame.locator('.shaka-text-container').getByText(CUE, { exact: true });
  await expect(cue, label).toBeVisible();
  await expect(select).toHaveValue(/\d+/);
  // The video is 6 s long and the cue covers it: the viewer pauses inside it to look.
  await frame.locator('video.video').evaluate((v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = 2;
  });

  // The pointer over the player shows the bar: the captions move above it.
  await frame.locator('.stage').hover({ position: { x: 20, y: 20 } });
  await expectCueAboveShownBar(frame, `${label}: captions above the bar under the pointer`);
  // Every control the bar shows is inside the player (the menu and full screen were pushed out of a
  // narrow one).
  const outside = await frame.locator('.stage').evaluate((stage) => {
    const frameBox = stage.getBoundingClientRect();
    return [...stage.querySelectorAll<HTMLElement>('.controls > *')]
      .filter((c) => c.getClientRects().length > 0)
      .filter((c) => {
        const r = c.getBoundingClientRect();
        return r.left < frameBox.left || r.right > frameBox.right || r.top < frameBox.top;
      })
      .map((c) => c.getAttribute('aria-label'));
  });
  expect(outside, label).toEqual([]);

  // 'Desativadas' turns the captions off; choosing the subtitle again brings them back, above the bar
  // (the menu has the focus, so the bar shows).
  await select.selectOption({ label: 'Desativadas' });
  await expect(cue, label).toHaveCount(0);
  await expect(select).toHaveValue('');
  await select.selectOption({ index: 1 });
  await expect(cue, label).toBeVisible();
  await expectCueAboveShownBar(frame, `${label}: captions above the focused bar`);
  expect(errors, label).toEqual([]);
}

test('a VOD embed shows its subtitle above the control bar, and Desativadas turns it off, without errors', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const videoId = await readyVideo({ request: page.request, token, teamId }, unique('Embed subtitles'));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const embed = `${E2E_BASE_URL}/embed/vod/${videoId}`;

  // Desktop: the player in an iframe of a customer's site.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(site.pageUrl('site.localhost', embed));
  await checkSubtitles(await playerFrame(page), errors, 'desktop');

  // A phone: the player page itself, 390 px wide.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(embed);
  await checkSubtitles(page.mainFrame(), errors, '390 px');
});
