import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';
import { deleteVideo, openLibrary } from './vod-helpers';

// Console polish of the video library (/vod/dashboard): a search from the top level finds folders
// (anywhere in the library, any case, with or without accents — docs/api-videos.md "Searching the
// library"); a picked thumbnail is sent only when "Salvar" is pressed.

test.describe.configure({ timeout: 90_000 });

const TEAM = 'Demo Produções';
const cleanup: Array<{ token: string; teamId: string; videoId: string }> = [];
test.afterEach(async ({ request }) => {
  for (const { token, teamId, videoId } of cleanup.splice(0))
    await deleteVideo(request, token, videoId, teamId);
});

async function post(request: APIRequestContext, token: string, teamId: string, path: string, data: object) {
  const res = await request.post(path, {
    headers: { Authorization: `Bearer ${token}` },
    params: { accountId: teamId },
    data,
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test('a search from the top level finds folders by name, wherever they are, ignoring accents', async ({
  page,
}) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const stamp = Date.now();
  const course = (await post(page.request, token, teamId, '/v1/directories', { name: `Curso ${stamp}` })) as {
    id: string;
  };
  const physics = (await post(page.request, token, teamId, '/v1/directories', {
    name: `Aulas de Física ${stamp}`,
    parentId: course.id,
  })) as { id: string };
  const { videoId } = (await post(page.request, token, teamId, '/v1/contents', {
    title: `Experimento de física ${stamp}`,
    directoryId: course.id,
    accountId: teamId,
  })) as { videoId: string };
  cleanup.push({ token, teamId, videoId });

  await openLibrary(page);
  const search = page.getByRole('searchbox', { name: 'Buscar vídeos' });
  await search.fill(`fisica ${stamp}`);
  await search.press('Enter');
  await expect(page).toHaveURL(/q=fisica/);

  // The folder, two levels down and written with an accent, is found; so is the video.
  const folders = page.getByTestId('folder');
  await expect(folders).toHaveCount(1);
  await expect(folders).toContainText(`Aulas de Física ${stamp}`);
  await expect(page.locator(`[data-testid="video-row"][data-video-id="${videoId}"]`)).toBeVisible();

  // It opens: the folder's page, with its path.
  await folders.click();
  await expect(page).toHaveURL(new RegExp(`folder=${physics.id}`));
  const path = page.getByRole('navigation', { name: 'Caminho da pasta' });
  await expect(path.getByRole('link', { name: `Curso ${stamp}` })).toBeVisible();
  await expect(path.getByRole('link', { name: `Aulas de Física ${stamp}` })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(search).toHaveValue('');

  // Upper case, no accent, part of the name: the same folder.
  await path.getByRole('link', { name: 'Biblioteca' }).click();
  await search.fill(`AULAS DE FISICA ${stamp}`);
  await search.press('Enter');
  await expect(folders).toHaveCount(1);
  await expect(folders).toContainText(`Aulas de Física ${stamp}`);
  // Only a folder has that name: the videos' list says so, without claiming nothing was found.
  await expect(page.getByTestId('videos-empty')).toContainText('Nenhum vídeo encontrado');
  await expect(page.getByTestId('videos-empty')).toContainText('As pastas encontradas estão acima.');
  // Nothing of that name: no folder, no video.
  await search.fill(`nada-com-este-nome-${stamp}`);
  await search.press('Enter');
  await expect(page.getByTestId('videos-empty')).toContainText('Nenhum resultado encontrado');
  await expect(folders).toHaveCount(0);
});

/** A small PNG of one colour (real bytes: the server decodes and re-encodes what it stores). */
async function colourPng(name: string, background: { r: number; g: number; b: number }) {
  const path = join(tmpdir(), `${Date.now()}-${name}`);
  const png = await sharp({ create: { width: 64, height: 36, channels: 3, background } })
    .png()
    .toBuffer();
  writeFileSync(path, png);
  return path;
}

const RED = { r: 220, g: 20, b: 20 };
const BLUE = { r: 20, g: 20, b: 220 };

/** The stored thumbnail, asked of the server: its URL and the colour of its middle pixel. */
async function storedThumbnail(request: APIRequestContext, token: string, teamId: string, videoId: string) {
  const res = await request.get(`/v1/videos/${videoId}`, {
    headers: { Authorization: `Bearer ${token}` },
    params: { accountId: teamId },
  });
  expect(res.status()).toBe(200);
  const { thumbnailUrl } = (await res.json()) as { thumbnailUrl: string | null };
  if (!thumbnailUrl) return { url: null, colour: null };
  const image = await request.get(thumbnailUrl);
  expect(image.status()).toBe(200);
  const { data, info } = await sharp(await image.body())
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  const [r = 0, , b = 0] = data.subarray(at, at + 3);
  return { url: thumbnailUrl, colour: r > b ? 'red' : 'blue' };
}

test('a picked thumbnail is saved by "Salvar" only; cancelling or closing keeps the stored one', async ({
  page,
}) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const title = `Miniatura ${Date.now()}`;
  const { videoId } = (await post(page.request, token, teamId, '/v1/contents', {
    title,
    directoryId: null,
    accountId: teamId,
  })) as { videoId: string };
  cleanup.push({ token, teamId, videoId });
  // The video already has a (red) thumbnail.
  const sent = await page.request.post(`/v1/videos/${videoId}/thumbnail`, {
    headers: { Authorization: `Bearer ${token}` },
    params: { accountId: teamId },
    multipart: {
      file: {
        name: 'vermelha.png',
        mimeType: 'image/png',
        buffer: readFileSync(await colourPng('vermelha.png', RED)),
      },
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const before = await storedThumbnail(page.request, token, teamId, videoId);
  expect(before).toMatchObject({ url: expect.stringMatching(/^\/media\//), colour: 'red' });

  const imagePosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/thumbnail$/.test(new URL(r.url()).pathname)) imagePosts.push(r.url());
  });
  await openLibrary(page);
  const row = page.locator(`[data-testid="video-row"][data-video-id="${videoId}"]`);
  const dialog = page.getByRole('dialog', { name: 'Editar vídeo' });
  let picks = 0;
  const openEditor = async () => {
    await row.getByRole('button', { name: `Editar ${title}` }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Miniatura' })).toHaveAttribute('src', /\/media\//);
  };
  const pickBlue = async () => {
    // A new file each time: setting an input to the file it already holds fires no change (a person's
    // click on the picker empties the input first).
    picks += 1;
    const blue = await colourPng(`azul-${picks}.png`, BLUE);
    await dialog.locator('input[type="file"][name="thumbnail"]').setInputFiles(blue);
    // Shown at once, as a preview of the picked file, with a word that it is not saved yet.
    await expect(dialog.getByRole('img', { name: 'Miniatura' })).toHaveAttribute('src', /^blob:/);
    await expect(dialog.getByTestId('thumbnail-pending')).toHaveText('Ainda não salva: clique em “Salvar”.');
  };

  // Picked, then "Cancelar": nothing was sent, the server keeps the red one.
  await openEditor();
  await pickBlue();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  expect(imagePosts).toEqual([]);
  expect(await storedThumbnail(page.request, token, teamId, videoId)).toEqual(before);

  // Picked, then closed with the dialog's own button: the same.
  await openEditor();
  await pickBlue();
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();
  expect(imagePosts).toEqual([]);
  expect(await storedThumbnail(page.request, token, teamId, videoId)).toEqual(before);
  // The list still shows the stored image.
  await expect(row.locator('img')).toHaveAttribute('src', before.url ?? '');

  // Picked, undone, picked again, then "Salvar": sent once, and the blue one is stored.
  await openEditor();
  await pickBlue();
  await dialog.getByRole('button', { name: 'Desfazer: Miniatura' }).click();
  await expect(dialog.getByTestId('thumbnail-pending')).toHaveCount(0);
  await expect(dialog.getByRole('img', { name: 'Miniatura' })).toHaveAttribute('src', before.url ?? '');
  await pickBlue();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Vídeo atualizado')).toBeVisible();
  expect(imagePosts).toHaveLength(1);
  const after = await storedThumbnail(page.request, token, teamId, videoId);
  expect(after.colour).toBe('blue');
  expect(after.url).not.toBe(before.url);
  await expect(row.locator('img')).toHaveAttribute('src', after.url ?? '');
});
