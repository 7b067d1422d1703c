import { expect, test } from '@playwright/test';
import { createStream, getStream, unique } from './streaming-helpers';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// Phone polish (< 930 px): the signal preview's player is in the first screen, whole, held
// upright or sideways. Sideways (a 360–390 px tall screen) the heading above it used to push it
// below the fold; upright it fitted already.

const PHONES = [
  [360, 640],
  [375, 667],
  [390, 844],
  [640, 360],
  [667, 375],
  [844, 390],
] as const;

for (const [width, height] of PHONES) {
  test.describe(`${width}×${height}`, () => {
    test.use({ viewport: { width, height }, isMobile: true, hasTouch: true });

    test('the signal preview shows its whole player in the first screen', async ({ page }) => {
      const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
      const api = { request: page.request, token, teamId };
      // A long name wraps the subtitle over lines; the player still fits.
      const created = await createStream(
        api,
        unique('Prévia no celular com um nome de transmissão comprido'),
        {
          signals: [{ nome: 'Câmera' }, { nome: 'Plateia' }],
        },
      );
      const signal = (await getStream(api, created.id)).body!.signals[0]!;
      await page.goto(`/streaming/${created.id}/signal/${signal.id}`);
      const player = page.getByTestId('signal-player');
      // No encoder publishes: the player says 'Sem sinal', waits for the signal, and offers its retry
      // button.
      await expect(player).toHaveAttribute('data-state', /^(waiting|no-signal)$/, { timeout: 20_000 });
      expect(await page.evaluate(() => scrollY)).toBe(0);

      const header = (await page.getByRole('banner').boundingBox())!;
      const box = (await player.boundingBox())!;
      expect(box.y, 'below the header').toBeGreaterThanOrEqual(header.y + header.height);
      expect(box.y + box.height, 'above the fold').toBeLessThanOrEqual(height + 0.5);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
      // Big enough to watch, and what it says is not cut off by its own box.
      expect(box.height).toBeGreaterThanOrEqual(160);
      for (const part of [
        player.getByText('Sem sinal'),
        player.getByRole('button', { name: 'Tentar novamente' }),
      ]) {
        const p = (await part.boundingBox())!;
        expect(p.y).toBeGreaterThanOrEqual(box.y - 0.5);
        expect(p.y + p.height).toBeLessThanOrEqual(box.y + box.height + 0.5);
      }
      await expect(
        page.getByRole('heading', { level: 1, name: 'Pré-visualização do sinal' }),
      ).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}
