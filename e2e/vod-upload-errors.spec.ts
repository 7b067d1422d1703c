import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';
import {
  libraryContents,
  makeVideo,
  openLibrary,
  pickVideos,
  postSource,
  untilStatus,
  uploadSource,
  videoRow,
} from './vod-helpers';

// docs/uploads.md "Empty files", "Failure reasons", "Queued transcodes": upload errors and waits that say
// what they are, where the user looks (the library's row or card, at 1280 and 390 px).

test.describe.configure({ timeout: 180_000 });

const TEAM = 'Demo Produções';
const { createContent } = libraryContents();

const rowOf = videoRow;

test('an empty file is refused before anything is created, saying it is empty', async ({ page }) => {
  await signInWithTeam(page, DEMO.owner, TEAM);
  const name = `vazio-${Date.now()}.mp4`;
  const path = join(tmpdir(), name);
  writeFileSync(path, '');
  const creations: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/contents') creations.push(r.url());
  });
  await openLibrary(page);
  await pickVideos(page, [path]);
  const notice = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Arquivo vazio' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`${name} tem 0 bytes`);
  await expect(page.getByText('Erro ao criar este conteúdo, tente novamente.')).toHaveCount(0);
  expect(creations).toEqual([]);
});

for (const width of [1280, 390]) {
  test(`a file that is not a video says why it failed in its own row (${width} px)`, async ({ page }) => {
    const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
    const auth = { token, teamId };
    const videoId = await createContent(page.request, token, teamId, `Não é vídeo ${width} ${Date.now()}`);
    await uploadSource(page.request, auth, videoId, {
      name: 'notas.mp4',
      buffer: Buffer.from('isto é um texto, não um vídeo\n'.repeat(200)),
    });
    await page.setViewportSize({ width, height: 844 });
    await openLibrary(page);
    const row = rowOf(page, videoId);
    await expect(row.getByTestId('video-status')).toHaveText('Falhou', { timeout: 60_000 });
    // The reason is on the row itself, not only in the 'Processamento' panel.
    await expect(row.getByTestId('video-error')).toHaveText('O arquivo enviado não é um vídeo válido.');
    await expect(row.getByTestId('video-error')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('a video waiting behind another transcode says "Na fila" until its own starts', async ({ page }) => {
  test.setTimeout(360_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const auth = { token, teamId };
  const headers = { Authorization: `Bearer ${token}` };
  const video = async (id: string) =>
    (await (
      await page.request.get(`/v1/videos/${id}`, { headers, params: { accountId: teamId } })
    ).json()) as { status: string; queued: boolean };
  // A long recording first: the server transcodes one video at a time.
  const long = makeVideo(`longo-${Date.now()}.mp4`, { seconds: 40 });
  const longId = await createContent(page.request, token, teamId, `Gravação longa ${Date.now()}`);
  await uploadSource(page.request, auth, longId, { name: long.name, buffer: readFileSync(long.path) });
  await expect.poll(async () => (await video(longId)).queued, { timeout: 60_000 }).toBe(false);

  const short = makeVideo(`curto-${Date.now()}.mp4`, { seconds: 4, size: '320x240' });
  const shortTitle = `Vídeo curto ${Date.now()}`;
  const shortId = await createContent(page.request, token, teamId, shortTitle);
  await openLibrary(page);
  await uploadSource(page.request, auth, shortId, { name: short.name, buffer: readFileSync(short.path) });
  expect((await video(longId)).status).toBe('processing');

  const row = rowOf(page, shortId);
  await expect(row.getByTestId('video-status')).toHaveText('Na fila');
  await page.getByRole('button', { name: /^Processamento/ }).click();
  const panel = page.getByRole('dialog', { name: 'Processamento' });
  const item = panel.getByTestId('processing-item').filter({ hasText: shortTitle });
  await expect(item.getByTestId('processing-status')).toHaveText('Na fila');
  await panel.getByRole('button', { name: 'Fechar' }).click();

  // Once the long one is done, the short one's own transcode runs and the row follows, unreloaded.
  await expect(row.getByTestId('video-status')).not.toHaveText('Na fila', { timeout: 240_000 });
  await expect(row.getByTestId('video-status')).toHaveText('Pronto', { timeout: 90_000 });
});

// docs/realtime-console.md "What the events change": a first connection of the account's socket replays
// nothing, so a video that changed between the page's reading of the library and the socket's connection
// would keep its old status. Here the socket is held back (and the library's polls, which run while it is
// down, refused) while the upload completes and the transcode fails; once the socket is up the row says
// "Falhou" without a reload.
test('a video that fails before the page’s socket is up shows it failed, unreloaded', async ({ page }) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.routeWebSocket(/\/ws\//, async (ws) => {
    const early: (string | Buffer)[] = [];
    let server: ReturnType<typeof ws.connectToServer> | null = null;
    ws.onMessage((message) => (server ? server.send(message) : early.push(message)));
    await released;
    server = ws.connectToServer();
    server.onMessage((message) => ws.send(message));
    for (const message of early) server.send(message);
  });
  let holding = false;
  await page.route(
    (url) => /^\/v1\/videos(\/[^/]+)?$/.test(url.pathname),
    (route) => (holding && route.request().method() === 'GET' ? route.abort() : route.continue()),
  );
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const auth = { token, teamId };
  const videoId = await createContent(page.request, token, teamId, `Antes do socket ${Date.now()}`);
  const file = { name: 'notas.mp4', buffer: Buffer.from('isto é um texto, não um vídeo\n'.repeat(200)) };
  const half = Math.floor(file.buffer.length / 2);
  expect((await postSource(page.request, auth, videoId, file, { start: 0, end: half - 1 })).status()).toBe(
    201,
  );
  await openLibrary(page);
  const row = rowOf(page, videoId);
  await expect(row.getByTestId('video-status')).toBeVisible();
  const shown = await row.getByTestId('video-status').textContent();
  holding = true;
  const rest = { start: half, end: file.buffer.length - 1 };
  expect((await postSource(page.request, auth, videoId, file, rest)).status()).toBe(202);
  await untilStatus(page.request, auth, videoId, 'failed', 60_000);
  // The page never heard of it: the row still says what it said.
  await expect(row.getByTestId('video-status')).toHaveText(shown ?? '');
  holding = false;
  release();
  await expect(row.getByTestId('video-status')).toHaveText('Falhou', { timeout: 15_000 });
});

// docs/uploads.md "The processing modal": while the account's events arrive the modal's list is not
// polled; an event lost on the way (a proxy's hiccup, a reconnect's gap) must not leave it showing an
// old picture: opening the modal reads the server's list. The page's socket here passes every message
// but the videos' own events.
test('opening the processing modal reads the server’s list, even when a video’s event was lost', async ({
  page,
}) => {
  let connected = false;
  await page.routeWebSocket(/\/ws\//, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (String(message).includes('conectado')) connected = true;
      if (!String(message).includes('video_status')) ws.send(message);
    });
    ws.onMessage((message) => server.send(message));
  });
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  await openLibrary(page);
  // Connected: the list is not polled from here on (it is while the socket is down).
  await expect.poll(() => connected).toBe(true);
  const title = `Evento perdido ${Date.now()}`;
  const videoId = await createContent(page.request, token, teamId, title);
  const file = makeVideo(`perdido-${Date.now()}.mp4`, { seconds: 4, size: '320x240' });
  await uploadSource(page.request, { token, teamId }, videoId, {
    name: file.name,
    buffer: readFileSync(file.path),
  });
  await page.getByRole('button', { name: /^Processamento/ }).click();
  const panel = page.getByRole('dialog', { name: 'Processamento' });
  await expect(panel.getByTestId('processing-item').filter({ hasText: title })).toHaveCount(1);
});
