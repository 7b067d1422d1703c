import { expect, test } from '@playwright/test';
import { createStream, toast, unique } from './streaming-helpers';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// /overlays (docs/classroom.md "Overlays") — a team's texts and images over the player, turned on for a live.

test('create a text overlay and turn it on for a live', async ({ page }) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const live = await createStream({ request: page.request, token, teamId }, unique('Aula overlay'));
  const name = unique('Placar');
  await page.goto('/overlays');
  await expect(page.getByRole('heading', { name: 'Overlays', level: 1 })).toBeVisible();

  const form = page.getByRole('form', { name: 'Novo overlay' });
  await form.getByLabel('Nome').fill(name);
  await form.getByLabel('Texto', { exact: true }).fill('Intervalo: voltamos já');
  await form.getByLabel('Largura (% do player)').fill('30');
  await form.getByRole('button', { name: 'Criar overlay' }).click();
  await expect(toast(page, 'Overlay criado')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Overlays da equipe' }).getByText(name)).toBeVisible();

  await page.getByRole('combobox', { name: 'Transmissão' }).click();
  await page.getByRole('option', { name: live.nome }).click();
  const toggle = page.getByRole('switch', { name });
  await expect(toggle).not.toBeChecked();
  // The checkbox is visually hidden: the user clicks the switch's label.
  await page.locator('label').filter({ has: toggle }).click();
  await expect(toggle).toBeChecked();

  // What the viewers' player is told: the overlay is on for that live.
  const res = await page.request.get(`/v1/live-streams/${live.id}/overlays`, {
    headers: { Authorization: `Bearer ${token}` },
    params: { accountId: teamId },
  });
  const { overlayIds } = (await res.json()) as { overlayIds: string[] };
  expect(overlayIds).toHaveLength(1);
  await page.reload();
  await page.getByRole('combobox', { name: 'Transmissão' }).click();
  await page.getByRole('option', { name: live.nome }).click();
  await expect(page.getByRole('switch', { name })).toBeChecked();

  // The viewers' player draws it over the video.
  await page.goto(`/embed/${live.id}`);
  await expect(page.getByText('Intervalo: voltamos já')).toBeVisible();
});
