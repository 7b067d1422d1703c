import type { ChildProcess } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { publishTestSignal } from '../server/test/rtmp-encoder.ts';
import { type Api, confirmDialog, controlStream, createStream, unique } from './streaming-helpers';
import { DEMO, E2E_INGEST_PORT } from './support/env';
import { signInWithTeam } from './support/pwa';

// docs/api-streams.md "Rehearsal (an encoder before 'Iniciar')": an encoder may rehearse before 'Iniciar' —
// the team sees its signal on the panel, the wall and the preview, viewers see nothing until the start, and
// the same encoder then goes on air. The previews and the wall ask for a signal's playlist only
// while it publishes.

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const control = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Controle da transmissão' }).getByRole('button', { name, exact: true });

/** Every answer 404 to a preview playlist the page asked for. */
function playlist404s(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('index.m3u8') && response.status() === 404) seen.push(response.url());
  });
  return seen;
}

test('a live without signal: the wall and the preview wait without asking for a playlist', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const live = await createStream(api, unique('Sem sinal e2e'), {
    type: 'encoder',
    scheduledStartTime: inHours(-1),
  });
  await controlStream(api, live.id, 'start');
  const missing = playlist404s(page);

  await page.goto(`/broadcast?live=${live.id}`);
  const tile = page.getByTestId('wall-tile').filter({ hasText: live.nome });
  await expect(tile.getByTestId('wall-health')).toHaveText('Com falha · Sem sinal');
  await expect(tile.getByTestId('wall-preview')).toHaveAttribute('data-playing', 'true');
  const tilePlayer = tile.getByTestId('signal-player');
  await expect(tilePlayer).toHaveAttribute('data-state', 'waiting');
  await expect(tilePlayer.getByText('Sem sinal', { exact: true })).toBeVisible();

  await page.goto(`/streaming/${live.id}/signal/${live.signals[0]!.id}`);
  const player = page.getByTestId('signal-player');
  await expect(player).toHaveAttribute('data-state', 'waiting');
  await expect(player.getByText('Sem sinal', { exact: true })).toBeVisible();
  // A player polling the playlist asks again within 1–2 s: time for it to show, were it there.
  await page.waitForTimeout(3_000);
  expect(missing).toEqual([]);
  await controlStream(api, live.id, 'complete');
});

test("rehearsal: the team sees the encoder before 'Iniciar', viewers only after it, without reconnecting", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const live = await createStream(api, unique('Ensaio e2e'), {
    type: 'encoder',
    latency: 'low',
    scheduledStartTime: inHours(1),
    transcode: { enableLive2vod: false },
  });
  const signal = live.signals[0]!;
  const rehearsal =
    'Ensaio: só a sua equipe vê este sinal. O público verá a transmissão depois de "Iniciar".';

  // Before any encoder: the panel says viewers only see a started live.
  await page.goto(`/streaming/${live.id}/panel`);
  await expect(page.getByTestId('panel-not-started')).toContainText(
    'O público só vê a transmissão depois de "Iniciar".',
  );
  await expect(page.getByTestId('rehearsal-notice')).toHaveCount(0);

  const encoder: ChildProcess = publishTestSignal(
    `rtmp://127.0.0.1:${E2E_INGEST_PORT}/live/${signal.key}`,
    150,
  );
  const exited = new Promise<void>((resolve) => encoder.once('close', () => resolve()));
  try {
    // The panel: the rehearsal notice, what the signal receives, and its picture playing.
    await expect(page.getByTestId('rehearsal-notice')).toHaveText(rehearsal, { timeout: 30_000 });
    await expect(page.getByTestId('panel-not-started')).toHaveCount(0);
    await expect(page.getByTestId('signal-video')).toContainText('Recebendo:');
    const picture = page.getByTestId('panel-signal-preview').getByTestId('signal-player');
    await expect(picture).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
    await expect
      .poll(() => picture.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0.5);

    // The wall shows the rehearsing live's preview and health too.
    const wall = await context.newPage();
    await wall.goto(`/broadcast?live=${live.id}`);
    const tile = wall.getByTestId('wall-tile').filter({ hasText: live.nome });
    await expect(tile.getByTestId('rehearsal-notice')).toHaveText(rehearsal, { timeout: 20_000 });
    await expect(tile.getByTestId('signal-player')).toHaveAttribute('data-state', 'playing', {
      timeout: 30_000,
    });
    await expect(tile.getByTestId('wall-health')).toHaveAttribute('data-health', /ok|warning/);
    await expect(tile.getByTestId('wall-fps')).not.toHaveText('—', { timeout: 20_000 });
    await wall.close();

    // A viewer: the live has not started, and nothing of the signal reaches the player.
    const viewer = await context.newPage();
    const viewerMedia: string[] = [];
    viewer.on('request', (request) => {
      if (request.url().includes('/play/')) viewerMedia.push(request.url());
    });
    await viewer.goto(`/embed/${live.id}`);
    await expect(viewer.locator('.screen')).toHaveAttribute('data-state', 'scheduled');
    await expect(viewer.locator('video.video')).toHaveCount(0);
    expect(viewerMedia).toEqual([]);

    // 'Iniciar' on the panel: the same encoder, still connected, now plays for the viewer.
    await control(page, 'Iniciar').click();
    await confirmDialog(page, 'Iniciar transmissão?', 'Iniciar');
    await expect(control(page, 'Iniciar')).toBeDisabled();
    await expect(page.getByTestId('rehearsal-notice')).toHaveCount(0);
    await expect(picture).toHaveAttribute('data-state', 'playing');
    await expect
      .poll(
        () =>
          viewer
            .locator('video.video')
            .evaluate((v: HTMLVideoElement) => v.currentTime)
            .catch(() => 0),
        { timeout: 60_000 },
      )
      .toBeGreaterThan(1);
  } finally {
    encoder.kill('SIGINT');
    await exited;
  }
  await controlStream(api, live.id, 'complete');
});
