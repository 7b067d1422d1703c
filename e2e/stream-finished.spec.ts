import { expect, test } from '@playwright/test';
import { controlStream, createStream, unique } from './streaming-helpers';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// Issue 15 polish: a finished stream's control panel does not offer changes the server refuses
// (SPEC §4: date/time, player colour and latency are fixed from the start; what only acts on air —
// the transcode and automation switches, the streaming type — is fixed from the end).

test('a finished stream shows its on-air settings read-only, with a hint', async ({ page }) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api = { request: page.request, token, teamId };
  const stream = await createStream(api, unique('Encerrada'));
  await controlStream(api, stream.id, 'start');
  await controlStream(api, stream.id, 'complete');

  await page.goto(`/streaming/${stream.id}/panel`);
  const settings = page.getByRole('region', { name: 'Configurações' });
  await expect(settings.getByText('Não é possível alterar após o fim da transmissão.')).toBeVisible();
  for (const name of ['DVR', 'Live para VOD', 'Somente áudio', 'Cortes automáticos', 'Início automático'])
    await expect(settings.getByRole('switch', { name })).toBeDisabled();
  // Fixed since the start, as before.
  await expect(settings.getByRole('radio', { name: 'Baixa', exact: true })).toBeDisabled();
  await expect(
    settings.getByText('A latência não pode ser alterada depois do início da transmissão.'),
  ).toBeVisible();

  const type = page.getByRole('region', { name: 'Tipo de transmissão' });
  await expect(type.getByRole('radio', { name: 'Estúdio' })).toBeDisabled();
  await expect(type.getByRole('radio', { name: 'Encoder' })).toBeDisabled();
  await expect(type.getByText('Não é possível alterar após o fim da transmissão.')).toBeVisible();

  const color = page.getByRole('region', { name: 'Cor do player' });
  await expect(color.getByRole('button', { name: 'Aplicar cor' })).toBeDisabled();
  await expect(
    color.getByText('A cor do player não pode ser alterada depois do início da transmissão.'),
  ).toBeVisible();
});
