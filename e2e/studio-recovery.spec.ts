import { expect, type Locator, test } from '@playwright/test';
import { type Api, createStream, getStream } from './streaming-helpers';
import { DEMO, fakeMediaLaunch } from './support/env';
import { signInWithTeam } from './support/pwa';

// A dropped publish (docs/studio.md "A dropped publish"): the studio's WHIP publish is ended on the
// server's side (the WHIP DELETE of its own session, with the signal key, as the server's end of a
// publish under CPU pressure would), while a viewer watches in the embed. The studio tells the host
// within seconds, publishes again by itself, and the viewer's player plays again without a reload;
// 'Encerrar' then ends the live although the studio's media session is gone again.

test.use({
  launchOptions: fakeMediaLaunch([
    '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding',
    '--disable-backgrounding-occluded-windows',
  ]),
});

/** True once the video's time runs on (over a second and a half; slowly on a loaded machine). */
async function runs(video: Locator): Promise<boolean> {
  const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime).catch(() => -1);
  const before = await time();
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const after = await time();
  return before >= 0 && after > before;
}

test('a publish the server ends is noticed, made again by itself, the viewer plays again; Encerrar still ends', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const auth = { headers: { Authorization: `Bearer ${token}` }, params: { accountId: teamId } };
  const created = await createStream(api, `Estúdio queda ${Date.now()}`, {
    type: 'studio',
    latency: 'ultraLow',
  });
  const liveId = created.id;
  const key = created.signals[0]!.key!;
  const publishing = async () => {
    const res = await page.request.get(`/v1/live-streams/${liveId}/signals/status`, auth);
    return ((await res.json()) as { signals: { publishing: boolean }[] }).signals[0]?.publishing;
  };
  /** The Location of the studio's next WHIP publish. */
  const nextPublish = () =>
    page
      .waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/whip', {
        timeout: 60_000,
      })
      .then((r) => {
        expect(r.status()).toBe(201);
        return r.headers().location!;
      });

  /** Every publish the studio made, in order. */
  const publishes: string[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/whip' && r.status() === 201)
      publishes.push(r.headers().location!);
  });
  await page.goto(`/studio/${liveId}`);
  await expect(page.getByRole('heading', { name: created.nome })).toBeVisible({ timeout: 30_000 });
  const first = nextPublish();
  await page.getByRole('button', { name: 'Iniciar transmissão' }).click();
  await expect(page.getByTestId('studio-phase')).toHaveText('Ao vivo', { timeout: 45_000 });
  let location = await first;
  // (On a loaded machine the first publish may take its time, or be made again by the watchdog.)
  await expect.poll(publishing, { timeout: 90_000 }).toBe(true);

  const viewerContext = await browser.newContext({ locale: 'pt-BR' });
  const viewer = await viewerContext.newPage();
  await viewer.goto(`/embed/${liveId}`);
  const video = viewer.locator('video.video');
  await expect(video).toHaveCount(1, { timeout: 60_000 });
  await expect.poll(() => runs(video), { timeout: 90_000 }).toBe(true);

  // The server ends the studio's publish (the newest one, should the watchdog have made another).
  location = publishes.at(-1)!;
  const again = nextPublish();
  const dropped = await page.request.delete(location, { headers: { Authorization: `Bearer ${key}` } });
  expect(dropped.status()).toBe(200);
  expect(await publishing()).toBe(false);

  // The host is told within seconds, and the studio publishes again by itself. On a fast machine the new
  // publish is made before a check sees the first words, and the notice already says the second.
  await expect(page.getByTestId('studio-link')).toContainText(
    /A transmissão caiu|Reconectado: aguardando o servidor/,
    { timeout: 10_000 },
  );
  const second = await again;
  expect(second).not.toBe(location);
  await expect.poll(publishing, { timeout: 30_000 }).toBe(true);
  await expect(page.getByTestId('studio-link')).toBeHidden({ timeout: 10_000 });
  await expect(page.getByTestId('studio-phase')).toHaveText('Ao vivo');

  // The viewer plays again without a reload.
  await expect(viewer.getByText('A transmissão vai começar em instantes.')).toBeHidden({ timeout: 60_000 });
  await expect.poll(() => runs(viewer.locator('video.video')), { timeout: 90_000 }).toBe(true);
  await viewerContext.close();

  // Dropped again, and the host ends at once: the live ends although the media session is gone.
  const dropAgain = await page.request.delete(second, { headers: { Authorization: `Bearer ${key}` } });
  expect(dropAgain.status()).toBe(200);
  await page.getByRole('button', { name: 'Encerrar', exact: true }).click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByTestId('studio-phase')).toHaveText('Encerrada', { timeout: 15_000 });
  expect((await getStream(api, liveId)).body!.status).toBe('finished');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
