import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';
import { deleteVideo, openLibrary, processingItem, untilReady, uploadSource } from './vod-helpers';

// Automatic subtitles (docs/api-videos.md "Automatic subtitles"): on a ready video the edit dialog's button
// starts the job, the processing modal shows its progress, and the track it makes is listed like an uploaded
// one (and can be removed). Where the server has no engine, the button is not offered at all.

test.describe.configure({ timeout: 120_000 });

const TEAM = 'Demo Produções';
const cleanup: Array<{ token: string; teamId: string; videoId: string }> = [];
test.afterEach(async ({ request }) => {
  for (const { token, teamId, videoId } of cleanup.splice(0))
    await deleteVideo(request, token, videoId, teamId);
});

const rowOf = (page: Page, videoId: string) =>
  page.locator(`[data-testid="video-row"][data-video-id="${videoId}"]`);

/** A clip whose audio espeak-ng speaks, uploaded and transcoded for real. */
async function spokenVideo(request: APIRequestContext, token: string, teamId: string, title: string) {
  const dir = tmpdir();
  const stamp = `${process.pid}-${Date.now()}`;
  const wav = join(dir, `fala-${stamp}.wav`);
  const mp4 = join(dir, `fala-${stamp}.mp4`);
  execFileSync('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', wav, 'hello world. this is a test.']);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'color=c=navy:s=320x240:r=25', '-i', wav, '-shortest'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', mp4],
  ]);
  const headers = { Authorization: `Bearer ${token}` };
  const params = { accountId: teamId };
  const created = await request.post('/v1/videos/vod', { headers, params, data: { title } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  cleanup.push({ token, teamId, videoId: id });
  await uploadSource(request, { token, teamId }, id, { name: 'fala.mp4', buffer: readFileSync(mp4) });
  await untilReady(request, { token, teamId }, id);
  return id;
}

test('the button makes an English track of the spoken words; it is listed, and removable', async ({
  page,
}) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const title = `Fala ${Date.now()}`;
  const videoId = await spokenVideo(page.request, token, teamId, title);
  await openLibrary(page);
  await rowOf(page, videoId)
    .getByRole('button', { name: `Editar ${title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Editar vídeo' });
  const button = dialog.getByRole('button', { name: 'Gerar legendas automáticas' });
  // Portuguese is not what this server's engine recognises: it says which languages it does.
  await expect(dialog.getByText('Legendas automáticas disponíveis em: Inglês')).toBeVisible();
  await expect(button).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Idioma' }).click();
  await page.getByRole('option', { name: 'Inglês' }).click();
  await expect(button).toBeEnabled();
  await button.click();

  await expect(page.getByText('Legendas automáticas prontas', { exact: true })).toBeVisible({
    timeout: 60_000,
  });
  await expect(dialog.getByTestId('subtitle')).toHaveText(/Inglês/);
  const track = await page.request.get(`/v1/videos/${videoId}/subtitles`, {
    headers: { Authorization: `Bearer ${token}` },
    params: { accountId: teamId, language: 'en' },
  });
  const text = ((await track.json()) as { cues: { texto: string }[] }).cues.map((c) => c.texto).join(' ');
  expect(text).toContain('hello world');

  // The processing modal lists the job, done.
  await dialog.getByRole('button', { name: 'Fechar' }).first().click();
  await page.getByRole('button', { name: 'Processamento' }).click();
  const item = processingItem(page, title).and(page.locator('[data-kind="transcode"]')).filter({
    hasText: 'Legendas automáticas',
  });
  await expect(item.getByTestId('processing-status')).toContainText('100% · Concluído');
  await page.keyboard.press('Escape');

  // Edited like any track: removed.
  await rowOf(page, videoId)
    .getByRole('button', { name: `Editar ${title}` })
    .click();
  await dialog.getByRole('button', { name: 'Remover legenda: Inglês' }).click();
  await expect(dialog.getByTestId('subtitle')).toHaveCount(0);
});

test('without a speech-recognition engine the button is not offered', async ({ page }) => {
  // What a server without pocketsphinx or a whisper model answers (server/test/subtitles-auto.test.ts).
  // On the context: the console's service worker may make the request (page.route would miss it).
  await page.context().route('**/bff/config*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), autoSubtitleLanguages: [] } });
  });
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const title = `Sem motor ${Date.now()}`;
  const created = await page.request.post('/v1/contents', {
    headers: { Authorization: `Bearer ${token}` },
    params: { accountId: teamId },
    data: { title, directoryId: null, accountId: teamId },
  });
  expect(created.status()).toBe(201);
  const { videoId } = (await created.json()) as { videoId: string };
  cleanup.push({ token, teamId, videoId });
  await openLibrary(page);
  await rowOf(page, videoId)
    .getByRole('button', { name: `Editar ${title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Editar vídeo' });
  await expect(dialog.locator('input[type="file"][name="subtitle"]')).toBeAttached();
  await expect(dialog.getByRole('button', { name: 'Gerar legendas automáticas' })).toHaveCount(0);
  await expect(dialog.getByText(/Legendas automáticas/)).toHaveCount(0);
});
