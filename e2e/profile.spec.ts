import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from './support/auth';
import { DEMO } from './support/env';

// /profile (docs/api-admin.md "Own profile") for every signed-in user, here one without showAccountSettings.

test('the operator opens /profile from the header and changes their picture', async ({ page }) => {
  await signIn(page, DEMO.operator);
  await page.goto('/');
  await page.getByRole('link', { name: 'Meu perfil' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meu perfil');
  const png = await sharp({
    create: { width: 900, height: 900, channels: 3, background: { r: 30, g: 90, b: 200 } },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel('Foto do perfil')
    .setInputFiles({ name: 'eu.png', mimeType: 'image/png', buffer: png });
  const picture = page.getByRole('img', { name: 'Sua foto' });
  await expect(picture).toHaveAttribute('src', /^\/media\/users\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{22}\.png$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
});
