import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { toast } from './streaming-helpers';
import { DEMO, E2E_PORT } from './support/env';
import { signInWithTeam } from './support/pwa';
import { libraryContents, makePng, makeVideo, openLibrary, pickVideos, videoRow } from './vod-helpers';

// SPEC §2.2 /vod/dashboard (docs/api-videos.md): folders, search, paging, edit (title, description, images
// with SPEC §5's rules, subtitles), delete with confirmation, SPEC §8's content-creation messages, and the
// phone layout below 930 px.

test.describe.configure({ timeout: 90_000 });

const TEAM = 'Demo Produções';
const { cleanup, createContent } = libraryContents();

async function getVideo(request: APIRequestContext, token: string, teamId: string, videoId: string) {
  return request.get(`/v1/videos/${videoId}`, {
    headers: { Authorization: `Bearer ${token}` },
    params: { accountId: teamId },
  });
}

const rowOf = videoRow;

test('folders: create one, open it, its path, and a video uploaded into it; search', async ({ page }) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const name = `Pasta ${Date.now()}`;
  await openLibrary(page);

  await page.getByRole('button', { name: 'Nova pasta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova pasta' });
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(dialog.getByText('O campo é obrigatório')).toBeVisible();
  await dialog.locator('input[name="name"]').fill(name);
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Pasta criada')).toBeVisible();

  // The same name again, at the same level: the server's message under the field.
  await page.getByRole('button', { name: 'Nova pasta' }).click();
  await dialog.locator('input[name="name"]').fill(name);
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(dialog.getByText('Já existe uma pasta com este nome aqui.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  await page.getByTestId('folder').filter({ hasText: name }).click();
  await expect(page).toHaveURL(/folder=/);
  const path = page.getByRole('navigation', { name: 'Caminho da pasta' });
  await expect(path.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('videos-empty')).toContainText('Nenhum vídeo aqui ainda');

  // Uploaded here, the video belongs to this folder.
  const video = makeVideo(`na-pasta-${Date.now()}.mp4`);
  const created = page.waitForResponse((r) => r.url().includes('/v1/contents') && r.status() === 201);
  await pickVideos(page, [video.path]);
  const { videoId } = (await (await created).json()) as { videoId: string };
  cleanup.push({ token, teamId, videoId });
  await page.getByRole('dialog', { name: 'Processamento' }).getByRole('button', { name: 'Fechar' }).click();
  await expect(rowOf(page, videoId)).toBeVisible();
  const folderId = new URL(page.url()).searchParams.get('folder');
  const stored = (await (await getVideo(page.request, token, teamId, videoId)).json()) as {
    directoryId: string;
  };
  expect(stored.directoryId).toBe(folderId);

  // Search within the folder.
  const search = page.getByRole('searchbox', { name: 'Buscar vídeos' });
  await search.fill('na-pasta');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=na-pasta/);
  await expect(rowOf(page, videoId)).toBeVisible();
  await search.fill('nada-com-este-nome');
  await search.press('Enter');
  await expect(page.getByTestId('videos-empty')).toContainText('Nenhum resultado encontrado');

  // Back to the top level through the path.
  await path.getByRole('link', { name: 'Biblioteca' }).click();
  await expect(page.getByTestId('folder').filter({ hasText: name })).toBeVisible();
});

test('the library fetches its videos and folders once per visit', async ({ page }) => {
  await signInWithTeam(page, DEMO.owner, TEAM);
  // Leave the login page signIn opened (it follows the new session on its own): only this visit counts.
  await page.goto('about:blank');
  const fetched: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'GET' && (pathname === '/v1/videos' || pathname === '/v1/directories'))
      fetched.push(pathname);
  });
  // The route's loader asks while the page's code is still on its way (held back here, as a slow phone
  // would); the page mounting after the answers must not ask again.
  const pageChunk = /\/assets\/dashboard-[^/]+\.js$/;
  await page.route(pageChunk, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await openLibrary(page);
  await expect.poll(() => fetched.length).toBeGreaterThanOrEqual(2);
  await page.waitForTimeout(1500);
  expect(fetched.sort()).toEqual(['/v1/directories', '/v1/videos']);
});

test('editing a video: title and description, image rules before sending, thumbnail, subtitles', async ({
  page,
}) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const title = `Editar ${Date.now()}`;
  const videoId = await createContent(page.request, token, teamId, title);
  const imagePosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/(thumbnail|end-screen)$/.test(new URL(r.url()).pathname))
      imagePosts.push(r.url());
  });
  await openLibrary(page);

  await rowOf(page, videoId)
    .getByRole('button', { name: `Editar ${title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Editar vídeo' });
  await dialog.locator('input[name="title"]').fill('');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('O campo é obrigatório')).toBeVisible();
  await dialog.locator('input[name="title"]').fill(`${title} novo`);
  await dialog.locator('textarea[name="description"]').fill('Descrição da aula');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, videoId)).toContainText(`${title} novo`);
  const saved = (await (await getVideo(page.request, token, teamId, videoId)).json()) as {
    description: string;
  };
  expect(saved.description).toBe('Descrição da aula');

  await rowOf(page, videoId)
    .getByRole('button', { name: /^Editar/ })
    .click();
  const dir = tmpdir();
  // SPEC §5, checked before sending: more than 10 MB, then a file that is not PNG/JPEG/WebP.
  const big = join(dir, 'grande.png');
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  writeFileSync(big, Buffer.concat([header, Buffer.alloc(10 * 1024 * 1024 + 1 - header.length)]));
  const thumbnailInput = dialog.locator('input[type="file"][name="thumbnail"]');
  await thumbnailInput.setInputFiles(big);
  await expect(dialog.getByTestId('thumbnail-error')).toHaveText('Tamanho da imagem excedeu limite de 10MB!');
  const fake = join(dir, 'falsa.png');
  writeFileSync(fake, 'GIF89a this is not a png');
  await dialog.locator('input[type="file"][name="endScreen"]').setInputFiles(fake);
  await expect(dialog.getByTestId('endScreen-error')).toHaveText('O formato da imagem é inválido!');
  expect(imagePosts).toEqual([]);

  // A real PNG is shown at once and sent by "Salvar" (e2e/vod-polish.spec.ts: not before); it becomes
  // the thumbnail.
  await thumbnailInput.setInputFiles(makePng('capa.png'));
  await expect(dialog.getByTestId('thumbnail-pending')).toBeVisible();
  expect(imagePosts).toEqual([]);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  expect(imagePosts).toHaveLength(1);
  const withThumb = (await (await getVideo(page.request, token, teamId, videoId)).json()) as {
    thumbnailUrl: string;
  };
  expect(withThumb.thumbnailUrl).toMatch(/^\/media\//);
  await rowOf(page, videoId)
    .getByRole('button', { name: /^Editar/ })
    .click();
  await expect(dialog.getByRole('img', { name: 'Miniatura' })).toHaveAttribute('src', /\/media\//);

  // Subtitles: upload in a language, listed, then removed.
  const vtt = join(dir, 'legenda.vtt');
  writeFileSync(vtt, 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nOlá\n');
  await dialog.locator('input[type="file"][name="subtitle"]').setInputFiles(vtt);
  await expect(page.getByText('Legenda enviada', { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('subtitle')).toHaveText(/Português \(Brasil\)/);
  await dialog.getByRole('button', { name: 'Remover legenda: Português (Brasil)' }).click();
  await expect(dialog.getByTestId('subtitle')).toHaveCount(0);

  // Automatic subtitles (e2e/vod-subtitles.spec.ts runs them): this server recognises English only
  // (pocketsphinx), and a video without a file cannot be transcribed: the button waits.
  await expect(dialog.getByText('Legendas automáticas disponíveis em: Inglês')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Gerar legendas automáticas' })).toBeDisabled();
});

test('deleting a video asks first', async ({ page }) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const title = `Excluir ${Date.now()}`;
  const videoId = await createContent(page.request, token, teamId, title);
  await openLibrary(page);

  await rowOf(page, videoId)
    .getByRole('button', { name: `Excluir ${title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Excluir vídeo' });
  await expect(dialog).toContainText(title);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(rowOf(page, videoId)).toBeVisible();

  await rowOf(page, videoId)
    .getByRole('button', { name: `Excluir ${title}` })
    .click();
  await dialog.getByRole('button', { name: 'Excluir', exact: true }).click();
  await expect(page.getByText('Vídeo excluído')).toBeVisible();
  await expect(rowOf(page, videoId)).toHaveCount(0);
  expect((await getVideo(page.request, token, teamId, videoId)).status()).toBe(404);
});

test('SPEC §8: content creation failing for one file, or for several', async ({ page }) => {
  await signInWithTeam(page, DEMO.owner, TEAM);
  await page.route('**/v1/contents*', (route) =>
    route.fulfill({ status: 400, json: { statusCode: 400, error: 'Bad Request', message: 'x' } }),
  );
  await openLibrary(page);
  const a = makeVideo(`falha-a-${Date.now()}.mp4`, { seconds: 1 });
  const b = makeVideo(`falha-b-${Date.now()}.mp4`, { seconds: 1 });
  await pickVideos(page, [a.path]);
  await expect(page.getByText('Erro ao criar este conteúdo, tente novamente.')).toBeVisible();
  await pickVideos(page, [a.path, b.path]);
  await expect(page.getByText('Erro ao criar estes conteúdos, tente novamente.')).toBeVisible();
  // Nothing was queued.
  await page.getByRole('button', { name: /Processamento/ }).click();
  await expect(page.getByTestId('processing-item').filter({ hasText: 'falha-' })).toHaveCount(0);
});

test('below 930 px the videos are cards and nothing overflows the screen', async ({ page }) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const videoId = await createContent(page.request, token, teamId, `Celular ${Date.now()}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await openLibrary(page);
  const row = rowOf(page, videoId);
  await expect(row).toBeVisible();
  expect(await row.evaluate((el) => el.tagName)).toBe('LI');
  await expect(page.locator('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Processamento/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nova pasta', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar vídeos', exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: /Processamento/ }).click();
  await expect(page.getByRole('dialog', { name: 'Processamento' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

// docs/playback.md "Embed links": a library video offers its embed player's link and iframe snippet, as
// a live's panel does (the same component), from the video's edit view, on a desktop and on a phone.
for (const width of [1280, 390]) {
  test(`a video's embed link and iframe code are copied from the library (${width} px)`, async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
    const title = `Incorporar "${width}" ${Date.now()}`;
    const videoId = await createContent(page.request, token, teamId, title);
    await page.setViewportSize({ width, height: 844 });
    await openLibrary(page);
    await rowOf(page, videoId)
      .getByRole('button', { name: `Editar ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Editar vídeo' });
    const embed = dialog.getByRole('group', { name: 'Incorporar' });
    // The player is this server's embed page at PUBLIC_URL (the e2e server's default: localhost).
    const player = `http://localhost:${E2E_PORT}/embed/vod/${videoId}`;
    await expect(embed.getByRole('link', { name: 'Abrir o player' })).toHaveAttribute('href', player);
    const snippet = `<iframe src="${player}" title="${title.replace(/"/g, '&quot;')}"`;
    await expect(embed.getByTestId('embed-code')).toContainText(snippet);

    await embed.getByRole('button', { name: 'Copiar link do player' }).click();
    await expect(toast(page, 'Link do player copiado')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(player);
    await embed.getByRole('button', { name: 'Copiar link do iframe' }).click();
    await expect(toast(page, 'Link do iframe copiado')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.startsWith(snippet)).toBe(true);
    expect(copied).toContain('allowfullscreen');
    // The embed page the link names exists (the player itself; the video plays once it is ready).
    expect((await page.request.get(new URL(player).pathname)).status()).toBe(200);
    // The snippet wraps: it widens neither the dialog nor, on a phone, the page. (At 1280 px the
    // library's table behind the dialog is wider than the page already, whatever this section does.)
    await embed.scrollIntoViewIfNeeded();
    expect(await embed.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    if (width < 930)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
