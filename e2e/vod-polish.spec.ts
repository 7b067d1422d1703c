import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';
import { deleteVideo } from './vod-helpers';

// Issue 15's polish list, the video library (/vod/dashboard): a search from the top level finds folders
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

async function openLibrary(page: Page) {
  await page.goto('/vod/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Video on Demand' })).toBeVisible();
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
  // Nothing of that name: no folder, no video.
  await search.fill(`nada-com-este-nome-${stamp}`);
  await search.press('Enter');
  await expect(page.getByTestId('videos-empty')).toContainText('Nenhum resultado encontrado');
  await expect(folders).toHaveCount(0);
});
