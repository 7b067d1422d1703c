import type { ChildProcess } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { publishTestSignal, type TestVideo } from '../server/test/rtmp-encoder.ts';
import { type Api, confirmDialog, createStream, getStream, searchByName, unique } from './streaming-helpers';
import { DEMO, E2E_INGEST_PORT } from './support/env';
import { signInWithTeam } from './support/pwa';

// Real media ingest (docs/api-streams.md "Ingest (RTMP) and the signal preview"). A real ffmpeg publishes to
// the server's RTMP ingest (the port the Playwright webServer gave it); the console previews the signal and,
// once the stream ends, the history links its live-to-VOD recording.

const control = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Controle da transmissão' }).getByRole('button', { name, exact: true });

/** A real ffmpeg encoder publishing to the e2e server's ingest, until stopped (or `seconds`). */
const publish = (key: string, seconds: number, video?: TestVideo): ChildProcess =>
  publishTestSignal(`rtmp://127.0.0.1:${E2E_INGEST_PORT}/live/${key}`, seconds, video);

test('an encoder publishes: the preview plays it, and the history links its recording', async ({ page }) => {
  test.setTimeout(120_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const auth = { headers: { Authorization: `Bearer ${token}` }, params: { accountId: teamId } };
  const name = unique('Ingest e2e');
  const created = await createStream(api, name, { type: 'encoder', transcode: { enableLive2vod: true } });
  const liveId = created.id;

  // The panel shows the running server's ingest, and starts the stream.
  await page.goto(`/streaming/${liveId}/panel`);
  await expect(page.getByTestId('ingest-url')).toHaveText(`rtmp://localhost:${E2E_INGEST_PORT}/live`);
  // …and its WHIP endpoint (OBS 30+), beside it.
  await expect(page.getByTestId('whip-url')).toHaveText(/^http:\/\/localhost:\d+\/whip$/);
  await control(page, 'Iniciar').click();
  await confirmDialog(page, 'Iniciar transmissão?', 'Iniciar');
  await expect(control(page, 'Iniciar')).toBeDisabled();

  const signal = (await getStream(api, liveId)).body!.signals[0]!;
  const encoder = publish(signal.key!, 90);
  const exited = new Promise<void>((resolve) => encoder.once('close', () => resolve()));
  try {
    // The server publishes the preview within a few seconds of the encoder starting.
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/v1/live-streams/${liveId}/signals/${signal.id}/preview`, auth);
          const { url, publishing } = (await res.json()) as { url: string; publishing: boolean };
          return publishing && (await page.request.get(url)).status();
        },
        { timeout: 20_000 },
      )
      .toBe(200);

    await page
      .getByRole('link', { name: /Pré-visualizar/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/streaming/${liveId}/signal/${signal.id}$`));
    const player = page.getByTestId('signal-player');
    await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
    await expect(player.getByText('Sem sinal')).toHaveCount(0);
    await expect
      .poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0.5);
  } finally {
    encoder.kill('SIGINT');
    await exited;
  }

  // End the stream: the recording becomes a video.
  await page.goto(`/streaming/${liveId}/panel`);
  await control(page, 'Encerrar').click();
  await confirmDialog(page, 'Encerrar transmissão?', 'Encerrar');
  await expect(control(page, 'Encerrar')).toBeDisabled();

  await page.goto('/historic');
  await searchByName(page, name);
  const row = page.getByTestId('historic-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  const link = row.getByRole('link', { name: /Assistir gravação/ });
  await expect(async () => {
    await page.reload();
    await expect(link).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const href = await link.getAttribute('href');
  const stream = (await getStream(api, liveId)).body as unknown as { recording: { videoId: string } | null };
  expect(stream.recording).not.toBeNull();
  expect(href).toBe(`/vod/dashboard?videoId=${stream.recording!.videoId}`);

  // The link opens the recording's preview in the VOD library: its player loads the recording.
  await page.goto(href!);
  const preview = page.getByRole('dialog', { name });
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.locator('video').evaluate((v: HTMLVideoElement) => v.duration || 0), {
      timeout: 30_000,
    })
    .toBeGreaterThan(2);
  await preview.getByRole('button', { name: 'Fechar' }).click();
  await expect(page).toHaveURL(/\/vod\/dashboard$/);
});

test('signals of different resolutions, one over 30 fps: the panel shows what each receives and warns', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const auth = { headers: { Authorization: `Bearer ${token}` }, params: { accountId: teamId } };
  const created = await createStream(api, unique('Sinais e2e'), {
    type: 'encoder',
    transcode: { enableLive2vod: false },
    signals: [{ nome: 'Câmera' }, { nome: 'Plateia' }],
  });
  const liveId = created.id;
  const [camera, audience] = created.signals;
  expect((await page.request.put(`/v1/live-streams/${liveId}/control/start`, auth)).status()).toBe(200);

  const signal = (name: string) => page.getByTestId('panel-signal').filter({ hasText: name });
  const mixed = page.getByRole('alert').filter({ hasText: 'Os sinais estão com resoluções diferentes.' });
  const overFps = 'Este sinal ultrapassou o limite de 30 FPS definido para a conta. Ajuste para o padrão.';

  // A signal over the limit also raises the high-FPS dialog (e2e/realtime-alert.spec.ts), again every
  // 10 s while it lasts: closed whenever it is in the way of this test's checks.
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'FPS acima do limite' }), (dialog) =>
    dialog.getByRole('button', { name: 'Entendi' }).click(),
  );
  await page.goto(`/streaming/${liveId}/panel`);
  await expect(signal('Câmera')).toHaveCount(1);
  // Nothing published yet: nothing received, no warning.
  await expect(signal('Câmera').getByTestId('signal-video')).toHaveCount(0);
  await expect(mixed).toHaveCount(0);

  const encoders = [
    publish(camera!.key!, 75, { size: '320x240', rate: 25 }),
    publish(audience!.key!, 75, { size: '640x360', rate: 50 }),
  ];
  const exited = encoders.map((e) => new Promise<void>((resolve) => e.once('close', () => resolve())));
  try {
    // The panel reads what the signals receive again when their publish starts (or every 5 s without
    // the account's events).
    await expect(signal('Câmera').getByTestId('signal-video')).toHaveText('Recebendo: 320×240 · 25 fps', {
      timeout: 30_000,
    });
    await expect(signal('Plateia').getByTestId('signal-video')).toHaveText('Recebendo: 640×360 · 50 fps', {
      timeout: 15_000,
    });
    await expect(mixed).toBeVisible();
    await expect(signal('Plateia').getByRole('alert')).toHaveText(overFps);
    await expect(signal('Câmera').getByRole('alert')).toHaveCount(0);
  } finally {
    for (const encoder of encoders) encoder.kill('SIGINT');
    await Promise.all(exited);
  }

  // The encoders stopped: the warnings go with them.
  await expect(mixed).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText(overFps)).toHaveCount(0);
  await expect(page.getByTestId('signal-video')).toHaveCount(0);
  expect((await page.request.put(`/v1/live-streams/${liveId}/control/complete`, auth)).status()).toBe(200);
});
