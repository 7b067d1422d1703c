import { expect, type Page, test } from '@playwright/test';
import { type Api, createStream, searchByName, toast, unique } from './streaming-helpers';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// Console polish: a count shown with a noun agrees with it ("1 transmissão", never "1 transmissões"),
// in Portuguese (where zero takes the plural: "0 transmissões") and in English.

async function signIn(page: Page): Promise<Api> {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  return { request: page.request, token, teamId };
}

const total = (page: Page) => page.getByTestId('streams-total');
const rows = (page: Page) => page.getByTestId('stream-row');

test('the stream library counts one result in the singular and several in the plural, in pt-BR and English', async ({
  page,
}) => {
  const api = await signIn(page);
  const tag = unique('Contagem');
  for (const name of ['única', 'segunda', 'terceira']) await createStream(api, `${tag} ${name}`);

  await page.goto('/streaming');
  await searchByName(page, `${tag} única`);
  await expect(rows(page)).toHaveCount(1);
  await expect(total(page)).toHaveText('1 transmissão');

  await searchByName(page, tag);
  await expect(rows(page)).toHaveCount(3);
  await expect(total(page)).toHaveText('3 transmissões');

  await searchByName(page, `${tag} nenhuma`);
  await expect(page.getByText('Nenhum resultado encontrado')).toBeVisible();
  await expect(total(page)).toHaveText('0 transmissões');

  // English, from the language selector in the header.
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(total(page)).toHaveText('0 streams');
  await searchByName(page, `${tag} única`);
  await expect(rows(page)).toHaveCount(1);
  await expect(total(page)).toHaveText('1 stream');
  await searchByName(page, tag);
  await expect(rows(page)).toHaveCount(3);
  await expect(total(page)).toHaveText('3 streams');
});

test('applying the general settings to one selected stream speaks of one stream', async ({ page }) => {
  const api = await signIn(page);
  const tag = unique('Uma selecionada');
  await createStream(api, tag);
  await page.goto('/streaming');
  await searchByName(page, tag);
  await page.getByRole('checkbox', { name: `Selecionar ${tag}` }).check();
  await page.getByRole('button', { name: 'Aplicar configurações gerais (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aplicar configurações gerais' });
  await expect(dialog).toContainText(
    'As configurações gerais da conta serão aplicadas a 1 transmissão selecionada.',
  );
  await dialog.getByRole('button', { name: 'Aplicar', exact: true }).click();
  await expect(toast(page, 'Configurações aplicadas')).toContainText('1 transmissão atualizada');
});
