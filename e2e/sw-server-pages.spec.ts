import { readFileSync } from 'node:fs';
import { expect, type Page, type Response, test } from '@playwright/test';
import { type Api, createStream } from './streaming-helpers';
import { DEMO, fakeMediaLaunch } from './support/env';
import { signInWithTeam } from './support/pwa';
import { deleteVideo, makePng } from './vod-helpers';

// The pages the server answers itself — the embed player (live and VOD), the classroom, the studio (the
// presenter's page from the control panel's 'Entrar no estúdio' and a guest's link), the API docs and
// the media — open as the server's pages in a browser whose console's service worker is installed and
// controls the origin, not as the console's "not found" page from the worker's precache
// (docs/routes.md "Server pages and the service worker").

// The studio asks for the camera and microphone: fake ones, allowed.
test.use({
  permissions: ['camera', 'microphone'],
  launchOptions: fakeMediaLaunch(),
});

/** Waits until the console's service worker controls the page (it registers once the page is idle). */
async function waitForController(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
    timeout: 20_000,
  });
}

/** The page now shown came from the server, not from the worker's precache, and is not the console;
 * the worker still controls it (so it had the navigation in hand and let it through). The API
 * reference's page is busy for long with its 1.4 MB script: its controller is not asked. */
async function expectServerPage(
  page: Page,
  response: Response | null | undefined,
  root: string,
  askController = true,
) {
  expect(response, page.url()).toBeTruthy();
  expect(response!.fromServiceWorker(), `${page.url()} answered by the service worker`).toBe(false);
  await expect(page.locator(root), page.url()).toHaveCount(1);
  await expect(page.locator('#root'), page.url()).toHaveCount(0);
  if (askController)
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
}

test('in a browser the console’s service worker controls, every server page is the server’s', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const auth = { headers: { Authorization: `Bearer ${token}` }, params: { accountId: teamId } };
  const live = await createStream(api, `Estúdio com o console instalado ${Date.now()}`, { type: 'studio' });

  // The console, signed in, under its service worker.
  await page.goto(`/streaming/${live.id}/panel`);
  await expect(page.getByRole('link', { name: 'Entrar no estúdio' })).toBeVisible();
  await waitForController(page);

  // 'Entrar no estúdio' opens the presenter's studio in a new tab of the same browser.
  const navigations: Response[] = [];
  context.on('response', (r) => {
    if (r.request().isNavigationRequest()) navigations.push(r);
  });
  const [studio] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Entrar no estúdio' }).click(),
  ]);
  await studio.waitForLoadState();
  expect(new URL(studio.url()).pathname).toBe(`/studio/${live.id}`);
  const studioResponse = navigations.find((r) => new URL(r.url()).pathname === `/studio/${live.id}`);
  await expect(studio.getByRole('heading', { name: live.nome })).toBeVisible();
  await expect(studio.getByRole('button', { name: 'Iniciar transmissão' })).toBeVisible();
  await expectServerPage(studio, studioResponse, '#studio');
  // A reload is the studio again.
  const reloaded = await studio.reload();
  await expect(studio.getByRole('heading', { name: live.nome })).toBeVisible();
  await expectServerPage(studio, reloaded, '#studio');
  await studio.close();

  // A guest's link, opened in this browser.
  const link = await page.request.post(`/v1/live-streams/${live.id}/studio/guest-link`, {
    ...auth,
    data: {},
  });
  expect(link.status()).toBe(200);
  const guestPath = ((await link.json()) as { path: string }).path;
  expect(guestPath).toMatch(new RegExp(`^/studio/${live.id}/guest\\?t=`));
  const guest = await page.goto(guestPath);
  await expect(page.getByRole('heading', { name: 'Você foi convidado para o estúdio' })).toBeVisible();
  await expectServerPage(page, guest, '#studio');

  // The embed player of the live and of a video.
  const embed = await page.goto(`/embed/${live.id}`);
  await expectServerPage(page, embed, '#player');
  const video = await page.request.post('/v1/contents', {
    ...auth,
    data: { title: `Vídeo com o console instalado ${Date.now()}`, directoryId: null, accountId: teamId },
  });
  expect(video.status(), await video.text()).toBeLessThan(300);
  const { videoId } = (await video.json()) as { videoId: string };
  try {
    const vod = await page.goto(`/embed/vod/${videoId}`);
    await expectServerPage(page, vod, '#player');
  } finally {
    await deleteVideo(page.request, token, videoId, teamId);
  }

  // The classroom's pages.
  const register = await page.goto(`/classroom/register?liveId=${live.id}`);
  await expectServerPage(page, register, '#classroom');
  const classroom = await page.goto(`/classroom?liveId=${live.id}`);
  await expectServerPage(page, classroom, '#classroom');

  // The API reference.
  const docs = await page.goto('/docs');
  await expectServerPage(page, docs, '#swagger-ui', false);

  // A media file (an overlay's image): the image itself, not a page of the console.
  const overlays = `/v1/accounts/${teamId}/overlays`;
  const created = await page.request.post(overlays, {
    ...auth,
    data: { name: 'Logo do console instalado', kind: 'image', position: 'bottom-left', widthPercent: 10 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const overlayId = ((await created.json()) as { id: string }).id;
  try {
    const uploaded = await page.request.post(`${overlays}/${overlayId}/image`, {
      ...auth,
      multipart: {
        file: { name: 'logo.png', mimeType: 'image/png', buffer: readFileSync(makePng('sw-overlay.png')) },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    const imageUrl = ((await uploaded.json()) as { imageUrl: string }).imageUrl;
    expect(imageUrl).toMatch(/^\/media\//);
    const image = await page.goto(imageUrl);
    expect(image!.fromServiceWorker()).toBe(false);
    expect(image!.status()).toBe(200);
    expect(image!.headers()['content-type']).toBe('image/png');
  } finally {
    await page.request.delete(`${overlays}/${overlayId}`, auth);
  }
  // A playback path with a made-up token: the server's own refusal (a 403), not the console.
  const play = await page.goto(`/play/vod/${videoId}/not-a-token/master.m3u8`);
  expect(play!.fromServiceWorker()).toBe(false);
  expect(play!.status()).toBe(403);
  await expect(page.locator('#root')).toHaveCount(0);

  // Offline, a server page fails as any web page would: the worker never stands in for it with the
  // console (which still opens offline from its precache).
  await page.goto('/streaming');
  await waitForController(page);
  await context.setOffline(true);
  try {
    await expect(page.goto(`/studio/${live.id}`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
    const console_ = await context.newPage();
    await console_.goto('/streaming');
    await expect(console_.locator('#root')).toHaveCount(1);
    await console_.close();
  } finally {
    await context.setOffline(false);
  }
});
