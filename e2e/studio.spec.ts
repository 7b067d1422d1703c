import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { PlaybackInfo } from '../contract/playback';
import { type Api, createStream, getStream } from './streaming-helpers';
import { DEMO, fakeMediaLaunch } from './support/env';
import { signInWithTeam } from './support/pwa';

// The browser studio (docs/studio.md "Studio page and guests") in Debian's Chromium with a fake camera and
// microphone. The presenter's page composes the picture (a canvas of tiles on the studio colour, the audio
// mixed) and publishes it over WHIP; a guest joins through the guest link, waits, is admitted, and the
// viewers' picture shows two tiles; ending in the studio ends the live and its recording becomes a video.

test.use({
  launchOptions: fakeMediaLaunch([
    // Pages in the background keep their timers (the studio draws its canvas on a timer).
    '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding',
    '--disable-backgrounding-occluded-windows',
  ]),
});

/** The studio colour: the gap between two tiles shows it in the viewers' picture. */
const MAGENTA = '#ff00ff';
const isMagenta = ([r, g, b]: number[]) => r! > 170 && g! < 100 && b! > 170;

/** Pixels of a live HLS rendition's newest segment (ffmpeg decodes one frame, scaled to 320×180): the
 * centre, the centres of the left and right halves, and a point near the top-left corner (in the
 * margin around the tiles); null while there is none. */
async function grab(playlistUrl: string) {
  try {
    const res = await fetch(playlistUrl);
    if (!res.ok) return null;
    const last = (await res.text())
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .pop();
    if (!last) return null;
    const { stdout } = await promisify(execFile)(
      'ffmpeg',
      [
        '-v',
        'error',
        '-i',
        new URL(last, playlistUrl).toString(),
        '-frames:v',
        '1',
        '-vf',
        'scale=320:180',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        'pipe:1',
      ],
      { encoding: 'buffer', maxBuffer: 1 << 20 },
    );
    const at = (x: number, y: number) => {
      const i = (Math.round(y * 179) * 320 + Math.round(x * 319)) * 3;
      return [stdout[i]!, stdout[i + 1]!, stdout[i + 2]!];
    };
    return { center: at(0.5, 0.5), left: at(0.25, 0.5), right: at(0.75, 0.5), corner: at(0.01, 0.02) };
  } catch {
    return null;
  }
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR', permissions: ['camera', 'microphone'] });
  return context.newPage();
}

const sh = promisify(execFile);

test('the presenter goes live from the studio, a guest is admitted (two tiles), ending ends the live', async ({
  page,
  browser,
}) => {
  test.setTimeout(330_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const auth = { headers: { Authorization: `Bearer ${token}` }, params: { accountId: teamId } };
  const created = await createStream(api, `Estúdio e2e ${Date.now()}`, {
    type: 'studio',
    transcode: { enableLive2vod: true },
    studio: {
      studioColor: MAGENTA,
      waitingRoomColor: '#204060',
      chat: true,
      settingsButton: true,
      moreOptionsButton: true,
    },
  });
  const liveId = created.id;

  // The presenter's studio: the console's session on the same origin.
  await page.goto(`/studio/${liveId}`);
  await expect(page.getByRole('heading', { name: created.nome })).toBeVisible();
  await expect(page.getByTitle('Chat')).toBeVisible();
  await page.getByRole('button', { name: 'Configurações' }).click();
  await expect(page.getByRole('combobox', { name: 'Câmera' })).toBeVisible();
  await page.getByRole('button', { name: 'Iniciar transmissão' }).click();
  await expect(page.getByTestId('studio-phase')).toHaveText('Ao vivo', { timeout: 15_000 });
  expect((await getStream(api, liveId)).body!.status).toBe('live');
  // The composed picture reaches the signal: publishing, at the canvas's size.
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/v1/live-streams/${liveId}/signals/status`, auth);
        const [signal] = ((await res.json()) as { signals: { publishing: boolean; width: number | null }[] })
          .signals;
        return signal?.publishing && signal.width;
      },
      { timeout: 20_000 },
    )
    .toBe(1280);

  // The picture the server receives (the signal's own HLS, before the viewers' ladder): one tile, so
  // its centre is the presenter's camera, not the studio colour.
  const signalId = created.signals[0]!.id;
  const preview = async () => {
    const res = await page.request.get(`/v1/live-streams/${liveId}/signals/${signalId}/preview`, auth);
    return new URL(((await res.json()) as { url: string }).url, page.url()).toString();
  };
  await expect
    .poll(
      async () => {
        const p = await grab(await preview());
        return p && !isMagenta(p.center);
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // A guest opens the guest link, registers, waits in the waiting-room colour.
  const link = await page.request.post(`/v1/live-streams/${liveId}/studio/guest-link`, { ...auth, data: {} });
  expect(link.status()).toBe(200);
  const guest = await newPage(browser);
  await guest.goto((await link.json()).path);
  await expect(guest.getByRole('heading', { name: 'Você foi convidado para o estúdio' })).toBeVisible();
  await guest.getByLabel('Nome').fill('Bia Lima');
  await guest.getByLabel('E-mail').fill('bia@example.com');
  await guest.getByRole('button', { name: 'Entrar na sala de espera' }).click();
  await expect(guest.getByTestId('guest-status')).toHaveText(
    'Aguarde: o apresentador vai admitir você no palco.',
  );
  expect(await guest.locator('.std-page').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    'rgb(32, 64, 96)',
  );

  // The presenter sees who waits and admits them; the guest is on stage and sees the live.
  await page.getByRole('button', { name: 'Admitir Bia Lima' }).click();
  await expect(page.getByRole('list', { name: 'Convidados no palco' })).toContainText('Bia Lima');
  await expect(guest.getByTestId('guest-status')).toHaveText('Você está no palco.', { timeout: 10_000 });
  await expect(guest.getByTitle('Palco')).toBeVisible();

  // The picture now has two tiles: the studio colour between them, a camera in each half.
  await expect
    .poll(
      async () => {
        const p = await grab(await preview());
        return !!p && isMagenta(p.center) && !isMagenta(p.left) && !isMagenta(p.right);
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(true);

  // Revoking the guest links sends the guest away at once (docs/studio.md "Guests"): the guest page
  // says so on its next poll, and the presenter's stage is empty again.
  const revoke = await page.request.delete(`/v1/live-streams/${liveId}/studio/guest-link`, auth);
  expect(revoke.status()).toBe(204);
  await expect(guest.getByTestId('guest-status')).toHaveText(
    'O apresentador encerrou a sua participação no estúdio.',
    { timeout: 10_000 },
  );
  await expect(page.getByText('Nenhum convidado no palco.')).toBeVisible({ timeout: 10_000 });

  // Ending in the studio ends the live; its live-to-VOD recording becomes a video.
  await page.getByRole('button', { name: 'Encerrar', exact: true }).click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByTestId('studio-phase')).toHaveText('Encerrada', { timeout: 15_000 });
  expect((await getStream(api, liveId)).body!.status).toBe('finished');
  // The guest's browser context is the worker's, not the test's: closed here, or its camera and its
  // stage's player would run on through the next tests.
  await guest.context().close();
});

// The viewers' side of a studio live, in the ultra low latency mode: the embed player (opened as the
// presenter starts) plays it over WebRTC (WHEP, sub-second); their HLS (the WHEP fallback) is H.264 +
// AAC with segments within their target and shows the composition; the live-to-VOD recording of the
// short live (about 15 s on air) becomes a video once ended. The time from 'Iniciar transmissão' to the
// embed playing (the studio's goal: 10 s) is reported as an annotation, not asserted (no wall-clock
// assertions). The ultra low mode keeps the embed on the studio's own path (WHIP → WHEP) rather than behind
// the default mode's 12 s HLS delay, and the recording is a few seconds long: the test stays fast on a
// loaded machine (docs/studio.md "Limits of the studio").
test('a studio live reaches the viewers: the embed plays over WHEP, HLS H.264 + AAC, the recording becomes a video', async ({
  page,
  browser,
}) => {
  test.setTimeout(330_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const auth = { headers: { Authorization: `Bearer ${token}` }, params: { accountId: teamId } };
  const created = await createStream(api, `Estúdio espectadores ${Date.now()}`, {
    type: 'studio',
    latency: 'ultraLow',
    transcode: { enableLive2vod: true },
    studio: { studioColor: MAGENTA },
  });
  const liveId = created.id;
  await page.goto(`/studio/${liveId}`);
  const viewer = await newPage(browser);
  await page.getByRole('button', { name: 'Iniciar transmissão' }).click();
  const startedAt = Date.now();
  await viewer.goto(`/embed/${liveId}`);
  await expect(page.getByTestId('studio-phase')).toHaveText('Ao vivo', { timeout: 15_000 });

  // The embed player plays it over WebRTC, the studio's picture (the canvas's size).
  const video = viewer.locator('video.video[data-transport="whep"]');
  await expect(video).toHaveCount(1, { timeout: 90_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime).catch(() => 0), {
      timeout: 30_000,
      intervals: [250],
    })
    .toBeGreaterThan(0.5);
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  test.info().annotations.push({
    type: "'Iniciar transmissão' → the embed playing (WHEP)",
    description: `${seconds} s`,
  });
  console.log(`studio: 'Iniciar transmissão' → the embed playing over WHEP ${seconds} s`);
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(1280);
  await viewer.context().close();

  // The viewers' HLS (WHEP plays before it is packaged): H.264 + AAC, segments within their target.
  let manifestUrl: string | null = null;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/v1/public/lives/${liveId}/playback`);
        manifestUrl = ((await res.json()) as PlaybackInfo).manifestUrl;
        return manifestUrl;
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBeTruthy();
  const master = new URL(manifestUrl!, page.url()).toString();
  const masterText = await (await page.request.get(master)).text();
  const variant = new URL(masterText.split('\n').find((l) => l && !l.startsWith('#'))!, master).toString();
  const playlist = await (await page.request.get(variant)).text();
  const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)?.[1]);
  const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
  expect(target).toBeGreaterThan(0);
  expect(durations.length).toBeGreaterThan(0);
  // RFC 8216 §4.3.3.1: each EXTINF, rounded to the nearest integer, is at most the target duration.
  for (const d of durations) expect(Math.round(d)).toBeLessThanOrEqual(target);
  const { stdout } = await sh('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name',
    '-of',
    'csv=p=0',
    variant,
  ]);
  // ffprobe lists each rendition's streams: one video codec and one audio codec in all.
  expect([...new Set(stdout.split('\n').filter(Boolean))].sort()).toEqual(['aac', 'h264']);
  // The viewers' picture is the composition: the presenter's camera in its one tile, the studio
  // colour around it.
  await expect
    .poll(
      async () => {
        const p = await grab(variant);
        return !!p && !isMagenta(p.center) && isMagenta(p.corner);
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(true);

  await page.getByRole('button', { name: 'Encerrar', exact: true }).click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByTestId('studio-phase')).toHaveText('Encerrada', { timeout: 15_000 });
  const endedAt = Date.now();
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/v1/live-streams/${liveId}`, auth);
        const body = (await res.json()) as {
          recordingStatus: string | null;
          recording: { videoId: string } | null;
        };
        return body.recordingStatus === 'ready' && !!body.recording?.videoId;
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBe(true);
  const onAir = ((endedAt - startedAt) / 1000).toFixed(1);
  const ready = ((Date.now() - endedAt) / 1000).toFixed(1);
  test.info().annotations.push({ type: 'on air → recording ready', description: `${onAir} s → ${ready} s` });
  console.log(`studio: ${onAir} s on air, the recording a video ${ready} s after the end`);
});

test('the studio fits a phone in landscape: the stage, the guests and the start button on one screen', async ({
  page,
}) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const created = await createStream(api, `Estúdio no celular ${Date.now()}`, {
    type: 'studio',
    studio: { chat: false, settingsButton: false, moreOptionsButton: false },
  });
  await page.setViewportSize({ width: 844, height: 390 });
  await page.goto(`/studio/${created.id}`);
  const start = page.getByRole('button', { name: 'Iniciar transmissão' });
  await expect(start).toBeEnabled();
  // The settings and more-options buttons are off for this stream: not shown; nor the chat.
  await expect(page.getByRole('button', { name: 'Configurações' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mais opções' })).toHaveCount(0);
  await expect(page.getByTitle('Chat')).toHaveCount(0);
  const inView = async (box: { x: number; y: number; width: number; height: number } | null) => {
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(844 + 0.5);
    expect(box!.y + box!.height).toBeLessThanOrEqual(390 + 0.5);
  };
  await inView(await page.getByLabel('Prévia do que os espectadores veem').boundingBox());
  await inView(await start.boundingBox());
  await inView(await page.getByRole('heading', { name: 'Sala de espera' }).boundingBox());
});
