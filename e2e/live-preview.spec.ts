import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { publishTestSignal } from '../server/test/rtmp-encoder.ts';
import { type Api, controlStream, createStream, unique } from './streaming-helpers';
import { DEMO, E2E_INGEST_PORT } from './support/env';
import { signInWithTeam } from './support/pwa';

// /preview/{signalId}/{liveId} is the signal preview, and a preview opened before
// the encoder starts waits for it and plays by itself once media arrives.

test('a preview opened before the encoder publishes starts by itself when media arrives', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const stream = await createStream(api, unique('Prévia e2e'), {
    type: 'encoder',
    transcode: { enableLive2vod: false },
  });
  const signal = stream.signals[0]!;
  await controlStream(api, stream.id, 'start');

  await page.goto(`/preview/${signal.id}/${stream.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pré-visualização do sinal');
  await expect(
    page.getByText('Banners, contadores e pausa não se aplicam à pré-visualização.'),
  ).toBeVisible();
  const player = page.getByTestId('signal-player');
  // Nothing published yet (the signal status says so): the preview says so and waits, asking for no
  // playlist until the encoder publishes.
  await expect(player).toHaveAttribute('data-state', 'waiting', { timeout: 15_000 });
  await expect(player.getByText('Sem sinal', { exact: true })).toBeVisible();

  let encoder: ChildProcess | undefined;
  try {
    encoder = publishTestSignal(`rtmp://127.0.0.1:${E2E_INGEST_PORT}/live/${signal.key}`, 60);
    // No click: the same page starts playing once the encoder's first segments are there.
    await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
    await expect(player.getByText('Sem sinal', { exact: true })).toHaveCount(0);
    await expect
      .poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0.5);
  } finally {
    if (encoder) {
      const exited = new Promise<void>((resolve) => encoder!.once('close', () => resolve()));
      encoder.kill('SIGINT');
      await exited;
    }
  }
  await controlStream(api, stream.id, 'complete');
});
