import type { ChildProcess } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { publishTestSignal } from '../server/test/rtmp-encoder.ts';
import { type Api, controlStream, createStream, unique } from './streaming-helpers';
import { DEMO, E2E_INGEST_PORT } from './support/env';
import { signInWithTeam } from './support/pwa';

// The high-FPS alert (docs/realtime.md "Event catalogue") with a real encoder: a 60 fps push raises
// `alerta_fps_alto`; the high-FPS dialog opens once across the two tabs of the browser; the wall shows the
// measured figures.

const ALERT = 'FPS acima do limite';

/** How many times a high-FPS dialog has opened in the page (counted as it is added to the DOM), and how
 * many alerts reached the page: each one a tab receives makes it ask the tabs' shared Web Lock whether
 * it is the one to show it (src/lib/realtime/fps-gate.ts). */
const countDialogs = () => {
  const w = window as unknown as { fpsDialogs: number; fpsClaims: number };
  w.fpsDialogs = 0;
  w.fpsClaims = 0;
  const locks = navigator.locks;
  const request = locks.request.bind(locks) as (...args: unknown[]) => Promise<unknown>;
  (locks as unknown as { request: (...args: unknown[]) => Promise<unknown> }).request = (...args) => {
    if (args[0] === 'palco-fps-alert') w.fpsClaims++;
    return request(...args);
  };
  new MutationObserver((records) => {
    for (const r of records)
      for (const node of r.addedNodes) {
        if (!(node instanceof Element)) continue;
        const dialogs = [
          ...(node.matches('[role="dialog"]') ? [node] : []),
          ...node.querySelectorAll('[role="dialog"]'),
        ];
        for (const d of dialogs)
          if (d.textContent?.includes('FPS acima do limite'))
            (window as unknown as { fpsDialogs: number }).fpsDialogs++;
      }
  }).observe(document, { childList: true, subtree: true });
};
const opened = (page: Page) => page.evaluate(() => (window as unknown as { fpsDialogs: number }).fpsDialogs);
const claims = (page: Page) => page.evaluate(() => (window as unknown as { fpsClaims: number }).fpsClaims);

test('a 60 fps encoder: one high-FPS dialog across two tabs, and the wall shows what it measures', async ({
  context,
}) => {
  test.setTimeout(90_000);
  await context.addInitScript(countDialogs);
  const wall = await context.newPage();
  const { token, teamId } = await signInWithTeam(wall, DEMO.owner, 'Demo Produções');
  const api: Api = { request: wall.request, token, teamId };
  const stream = await createStream(api, unique('Alerta FPS'), {
    type: 'encoder',
    transcode: { enableLive2vod: false },
    scheduledStartTime: new Date().toISOString(),
  });
  await controlStream(api, stream.id, 'start');
  await wall.goto(`/broadcast?live=${stream.id}`);
  const tile = wall.getByTestId('wall-tile').filter({ hasText: stream.nome });
  await expect(tile.getByTestId('wall-health')).toHaveText('Com falha · Sem sinal');
  const other = await context.newPage();
  await other.goto('/streaming');
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();

  let encoder: ChildProcess | undefined;
  try {
    encoder = publishTestSignal(`rtmp://127.0.0.1:${E2E_INGEST_PORT}/live/${stream.signals[0]!.key}`, 60, {
      size: '320x240',
      rate: 60,
    });
    // The wall's figures come from the socket's sinal_saude: the bitrate is only measured there.
    await expect(tile.getByTestId('wall-health')).toHaveText(`Atenção · ${ALERT}`, { timeout: 30_000 });
    await expect(tile.getByTestId('wall-fps')).toHaveText(/^(59|60|61)(,\d)?$/);
    await expect(tile.getByTestId('wall-bitrate')).toHaveText(/^[\d.]+ kbps$/);

    // The first alert opens a dialog in one of the two tabs; the encoder then stops at once, so no
    // later alert (10 s on) can open another: any second dialog would be the same alert shown twice.
    await expect
      .poll(async () => (await opened(wall)) + (await opened(other)), { timeout: 20_000 })
      .toBeGreaterThan(0);
  } finally {
    if (encoder) {
      const exited = new Promise<void>((resolve) => encoder!.once('close', () => resolve()));
      encoder.kill('SIGINT');
      await exited;
    }
  }
  // Both tabs received that alert (each asked whether to show it); one of them shows it.
  await expect.poll(() => claims(wall), { timeout: 10_000 }).toBeGreaterThan(0);
  await expect.poll(() => claims(other), { timeout: 10_000 }).toBeGreaterThan(0);
  expect((await opened(wall)) + (await opened(other))).toBe(1);
  const shownIn = (await opened(wall)) === 1 ? wall : other;
  const dialog = shownIn.getByRole('dialog', { name: ALERT });
  await expect(dialog).toContainText(
    `O sinal da transmissão “${stream.nome}” ultrapassou o limite de 30 FPS`,
  );
  await dialog.getByRole('button', { name: 'Entendi' }).click();
  await expect(dialog).toBeHidden();
  // The encoder stopped within the alert's 10 s window: no second dialog anywhere.
  expect((await opened(wall)) + (await opened(other))).toBe(1);
  await controlStream(api, stream.id, 'complete');
});
