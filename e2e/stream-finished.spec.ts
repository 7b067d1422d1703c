import { expect, test } from '@playwright/test';
import {
  type Api,
  controlStream,
  createStream,
  getPreset,
  getStream,
  searchByName,
  toast,
  unique,
} from './streaming-helpers';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// Console polish: a finished stream's control panel does not offer changes the server refuses
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

// The same on the "Editar transmissão" page: what the server refuses (409) for a finished stream is
// read-only there too, with the hint, while the rest (name, geoblock, ads…) stays editable.
test('a finished stream edits only what may change after the end', async ({ page }) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api = { request: page.request, token, teamId };
  const stream = await createStream(api, unique('Editar encerrada'));
  await controlStream(api, stream.id, 'start');
  await controlStream(api, stream.id, 'complete');

  await page.goto(`/streaming/${stream.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Editar transmissão' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nome da transmissão' })).toBeEditable();
  await expect(page.getByLabel('Data')).toBeDisabled();
  await page
    .getByRole('tablist', { name: 'Etapas' })
    .getByRole('tab', { name: /Configurações/ })
    .click();
  await expect(page.getByText('Não é possível alterar após o fim da transmissão.').first()).toBeVisible();
  for (const name of ['DVR', 'Live para VOD', 'Somente áudio', 'Cortes automáticos', 'Início automático'])
    await expect(page.getByRole('switch', { name })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Estúdio' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Encoder' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Baixa', exact: true })).toBeDisabled();
  // What may change after the end still saves.
  await expect(page.getByRole('textbox', { name: 'ID de métricas do Analytics' })).toBeEditable();
});

// The bulk "apply general settings" leaves a finished stream's on-air settings alone. The library lists
// no finished stream, but one selected while live may end before the settings are applied: the server
// refuses, the dialog names it, applies the rest to the others and says which were not changed.
test('applying the general settings skips a stream that ended meanwhile and names it', async ({ page }) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api = { request: page.request, token, teamId };
  const preset = await getPreset(api);
  const tag = unique('Lote fim');
  // Both differ from the general settings in a switch that is fixed once a stream has ended.
  const ending = await createStream(api, `${tag} no ar`, { autoCuts: !preset.autoCuts });
  const waiting = await createStream(api, `${tag} agendada`, { autoCuts: !preset.autoCuts });
  await controlStream(api, ending.id, 'start');

  await page.goto('/streaming');
  await searchByName(page, tag);
  await page.getByRole('checkbox', { name: `Selecionar ${ending.nome}` }).check();
  await page.getByRole('checkbox', { name: `Selecionar ${waiting.nome}` }).check();
  await controlStream(api, ending.id, 'complete');
  await page.getByRole('button', { name: 'Aplicar configurações gerais (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aplicar configurações gerais' });
  await dialog.getByRole('button', { name: 'Aplicar', exact: true }).click();
  await expect(dialog.getByText(`Encerradas, não serão alteradas: ${ending.nome}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Aplicar às demais, sem latência e cor do player' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Configurações aplicadas')).toContainText('1 transmissão atualizada');
  await expect(toast(page, 'Transmissões encerradas não alteradas')).toContainText(ending.nome);

  expect((await getStreamJson(api, ending.id)).autoCuts).toBe(!preset.autoCuts);
  expect((await getStreamJson(api, waiting.id)).autoCuts).toBe(preset.autoCuts);
});

async function getStreamJson(api: Api, id: string) {
  const { status, body } = await getStream(api, id);
  expect(status).toBe(200);
  return body as unknown as { autoCuts: boolean };
}
