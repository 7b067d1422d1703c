import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';
import {
  CHUNK_KEY,
  createdVideoId,
  deleteVideo,
  makeVideo,
  openLibraryInChunks,
  pickVideos,
  processingItem,
  recordChunks,
  settledUploadState,
  sha256,
  signInOn,
  startCountingProxy,
  storedSource,
  throttleUploads,
  uploadState,
} from './vod-helpers';

// Uploads that survive the network (SPEC §4 Upload / Chunked upload, §9; docs/uploads.md),
// against the real server and ffmpeg. Small chunks come from the console's test-only switch
// (localStorage 'palco-upload-chunk-bytes'), so a few-MB file makes many chunks.
//
// How "each byte once" is checked: every chunk POST the browser sends is recorded by a pass-through
// route on the browser context (its Content-Range; a request cut short by a closed page or the network
// counts whole), and the server's stored file is compared byte for byte (sha256) with the original.
// No test route is added to the product.

test.describe.configure({ timeout: 150_000 });

const TEAM = 'Demo Produções';

/** Videos to delete after each test (their transcodes would load the server for the next tests). */
const cleanup: Array<{ token: string; teamId: string; videoId: string }> = [];
test.afterEach(async ({ request }) => {
  for (const { token, teamId, videoId } of cleanup.splice(0))
    await deleteVideo(request, token, videoId, teamId);
});

const bar = (page: Page, name: string) => processingItem(page, name).getByRole('progressbar');

test('a generated video is uploaded in chunks, transcoded and plays', async ({ page, context }) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const video = makeVideo(`aula-chunks-${Date.now()}.mp4`, { bitrate: '3M' });
  const CHUNK = 256 * 1024;
  const sent = await recordChunks(context);
  await openLibraryInChunks(page, CHUNK);

  const videoId = await createdVideoId(page, () => pickVideos(page, [video.path]));
  // The processing modal opens with the upload, then shows it done at 100.
  const dialog = page.getByRole('dialog', { name: 'Processamento' });
  await expect(dialog).toBeVisible();
  const upload = processingItem(page, video.name).and(page.locator('[data-kind="upload"]'));
  await expect(upload.getByTestId('processing-status')).toContainText('Envio concluído', { timeout: 60_000 });
  await expect(upload.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

  // Contiguous Content-Range chunks of the switch's size, each byte once.
  expect(sent.simpleCount()).toBe(0);
  expect(sent.chunks.length).toBe(Math.ceil(video.size / CHUNK));
  let next = 0;
  for (const c of sent.chunks) {
    expect(c).toMatchObject({ start: next, total: video.size });
    expect(c.end - c.start + 1).toBeLessThanOrEqual(CHUNK);
    next = c.end + 1;
  }
  expect(next).toBe(video.size);
  expect(sha256(storedSource(videoId))).toBe(sha256(readFileSync(video.path)));
  expect(await uploadState(page, token, videoId, teamId)).toEqual({
    offset: video.size,
    total: video.size,
    complete: true,
  });

  // The transcode, polled every 5 s, reaches 100 and is done.
  const transcode = page.locator(
    `[data-testid="processing-item"][data-kind="transcode"][data-video-id="${videoId}"]`,
  );
  await expect(transcode.getByTestId('processing-status')).toContainText('Concluído', { timeout: 90_000 });
  await expect(transcode.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  // The library shows it ready, with its duration; the preview plays (time advances).
  const row = page.locator(`[data-testid="video-row"][data-video-id="${videoId}"]`);
  await expect(row.getByTestId('video-status')).toHaveText('Pronto', { timeout: 15_000 });
  await expect(row).toContainText('0:04');
  await row.getByRole('button', { name: /^Assistir/ }).click();
  const player = page.getByTestId('vod-player');
  await expect(player).toBeVisible();
  await expect
    .poll(
      () =>
        player.evaluate(async (v: HTMLVideoElement) => {
          v.muted = true;
          if (v.paused) await v.play().catch(() => undefined);
          return v.currentTime;
        }),
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0.5);
  // shaka came in its own chunk, not in the first load.
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  expect(scripts.some((s) => /\/assets\/shaka[^/]*\.js$/.test(s))).toBe(true);
});

test('the network drops mid-upload: the upload pauses without failing and completes when it is back', async ({
  page,
  context,
}) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const video = makeVideo(`aula-offline-${Date.now()}.mp4`, { bitrate: '12M' });
  const CHUNK = 512 * 1024;
  const proxy = await startCountingProxy();
  try {
    await signInOn(page, proxy.origin, token);
    await throttleUploads(context, page, 1_000_000);
    await openLibraryInChunks(page, CHUNK, proxy.origin);

    const videoId = await createdVideoId(page, () => pickVideos(page, [video.path]));
    cleanup.push({ token, teamId, videoId });
    await expect
      .poll(async () => (await uploadState(page, token, videoId, teamId)).offset, { timeout: 30_000 })
      .toBeGreaterThan(CHUNK);

    await context.setOffline(true);
    const status = processingItem(page, video.name).getByTestId('processing-status');
    await expect(status).toContainText('Pausado: aguardando a conexão');
    // While offline nothing moves and nothing fails (no attempt is spent). The chunk that was on the
    // wire may still land first: wait until the server's offset is still for a second.
    const before = await settledUploadState(page, token, videoId, teamId);
    await page.waitForTimeout(3000);
    expect(await uploadState(page, token, videoId, teamId)).toEqual(before);
    await expect(status).toContainText('Pausado');
    await expect(bar(page, video.name)).not.toHaveAttribute('aria-valuenow', '0');

    await context.setOffline(false);
    await expect(status).toContainText('Envio concluído', { timeout: 60_000 });
    expect(await uploadState(page, token, videoId, teamId)).toMatchObject({
      offset: video.size,
      complete: true,
    });
    expect(sha256(storedSource(videoId))).toBe(sha256(readFileSync(video.path)));
    // One interruption: the server received every byte, and at most one chunk's worth twice.
    expect(proxy.fileBytes()).toBeGreaterThanOrEqual(video.size);
    expect(proxy.fileBytes()).toBeLessThanOrEqual(video.size + CHUNK);
  } finally {
    await proxy.close();
  }
});

test('closing the page mid-upload and reopening the console on any page finishes it without picking the file again', async ({
  page,
  context,
}) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const video = makeVideo(`aula-reopen-${Date.now()}.mp4`, { bitrate: '12M' });
  const CHUNK = 512 * 1024;
  const proxy = await startCountingProxy();
  try {
    await signInOn(page, proxy.origin, token);
    await throttleUploads(context, page, 1_000_000);
    await openLibraryInChunks(page, CHUNK, proxy.origin);

    const videoId = await createdVideoId(page, () => pickVideos(page, [video.path]));
    cleanup.push({ token, teamId, videoId });
    // Well into the upload (more than two chunks stored), the page closes with a chunk in flight.
    await expect
      .poll(async () => (await uploadState(page, token, videoId, teamId)).offset, { timeout: 30_000 })
      .toBeGreaterThan(2 * CHUNK);
    await page.close();
    // The chunk that was on the wire may still land: wait until the server's offset is still.
    const resumeAt = await settledUploadState(context.request, token, videoId, teamId);
    expect(resumeAt.complete).toBe(false);
    const requestsBefore = proxy.ranges.length;

    // The console reopens on another page than the library: the upload resumes from there.
    const again = await context.newPage();
    await again.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      CHUNK_KEY,
      String(CHUNK),
    ] as const);
    await again.goto(`${proxy.origin}/streaming`);
    await expect(again.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(async () => (await uploadState(again, token, videoId, teamId)).complete, { timeout: 60_000 })
      .toBe(true);
    // The library's processing modal then follows the video's transcode; the file came from the
    // browser's storage: the user was never asked for it.
    await openLibraryInChunks(again, CHUNK, proxy.origin);
    await again.getByRole('button', { name: /Processamento/ }).click();
    await expect(processingItem(again, video.name.replace(/\.mp4$/, ''))).toContainText('Transcodificação');
    await expect(again.getByRole('button', { name: 'Escolher arquivo' })).toHaveCount(0);

    expect(await uploadState(again, token, videoId, teamId)).toMatchObject({
      offset: video.size,
      complete: true,
    });
    expect(sha256(storedSource(videoId))).toBe(sha256(readFileSync(video.path)));
    // The server received each byte once, plus at most the chunk that was in flight at the close…
    expect(proxy.fileBytes()).toBeGreaterThanOrEqual(video.size);
    expect(proxy.fileBytes()).toBeLessThanOrEqual(video.size + CHUNK);
    // …and the reopened console asked the server first: its first chunk starts where the server is
    // (never from 0).
    const resumed = proxy.ranges.slice(requestsBefore);
    expect(resumed[0]?.start).toBeGreaterThanOrEqual(resumeAt.offset);
  } finally {
    await proxy.close();
  }
});

test('where the file could not be kept, the user picks it again (same name and size) and it continues from the server', async ({
  page,
  context,
}) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const video = makeVideo(`aula-repick-${Date.now()}.mp4`, { bitrate: '12M' });
  const other = makeVideo(`outro-${Date.now()}.mp4`, { bitrate: '1M' });
  const CHUNK = 512 * 1024;
  const sent = await recordChunks(context);
  await throttleUploads(context, page, 1_000_000);
  await openLibraryInChunks(page, CHUNK);

  const videoId = await createdVideoId(page, () => pickVideos(page, [video.path]));
  cleanup.push({ token, teamId, videoId });
  await expect
    .poll(async () => (await uploadState(page, token, videoId, teamId)).offset, { timeout: 30_000 })
    .toBeGreaterThan(CHUNK);
  await page.close();

  // As if the browser had refused to keep the file (WebKit, quota): the stored copy is gone.
  const again = await context.newPage();
  await again.goto('/manifest.webmanifest');
  await again.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.deleteDatabase('palco-upload-files');
        req.onsuccess = () => resolve();
        req.onerror = () => reject(req.error);
      }),
  );
  await openLibraryInChunks(again, CHUNK);
  await again.getByRole('button', { name: /Processamento/ }).click();
  const item = processingItem(again, video.name);
  await expect(item.getByTestId('processing-status')).toContainText(
    'Escolha o arquivo novamente para continuar',
  );
  const resumeAt = (await uploadState(again, token, videoId, teamId)).offset;

  // Another file is refused.
  await item.getByTestId('repick-input').setInputFiles(other.path);
  await expect(item.getByRole('alert')).toContainText('Este não é o mesmo arquivo');
  // The same file continues from where the server is.
  await item.getByTestId('repick-input').setInputFiles(video.path);
  await expect(item.getByTestId('processing-status')).toContainText('Envio concluído', { timeout: 60_000 });
  expect(sha256(storedSource(videoId))).toBe(sha256(readFileSync(video.path)));
  const after = sent.chunks.filter((c) => c.start >= resumeAt);
  expect(after[0]?.start).toBe(resumeAt);
  expect(sent.bytesSent()).toBeLessThanOrEqual(video.size + CHUNK);
});

test('a blocked account: the upload host refuses (403) and the console goes to /blocked', async ({
  page,
}) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const video = makeVideo(`aula-blocked-${Date.now()}.mp4`);
  // The account gets blocked while the console is open: the upload host answers 403 from now on.
  await page.route('**/v1/videos/*/source*', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 403,
          json: {
            statusCode: 403,
            error: 'Forbidden',
            message:
              'O envio e o gerenciamento de novos vídeos estão temporariamente limitados para esta conta. Entre em contato com o financeiro.',
          },
        })
      : route.continue(),
  );
  await openLibraryInChunks(page, 256 * 1024);
  const videoId = await createdVideoId(page, () => pickVideos(page, [video.path]));
  cleanup.push({ token, teamId, videoId });
  await expect(page).toHaveURL(/\/blocked$/);
});

test('another tab of the console shows the upload the first tab is running', async ({ page, context }) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const video = makeVideo(`aula-abas-${Date.now()}.mp4`, { bitrate: '12M' });
  const CHUNK = 512 * 1024;
  await throttleUploads(context, page, 1_000_000);
  await openLibraryInChunks(page, CHUNK);
  const other = await context.newPage();
  let sentByOther = 0;
  other.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/source')) sentByOther++;
  });
  await openLibraryInChunks(other, CHUNK);

  const videoId = await createdVideoId(page, () => pickVideos(page, [video.path]));
  cleanup.push({ token, teamId, videoId });
  await other.getByRole('button', { name: /Processamento/ }).click();
  const mirrored = processingItem(other, video.name).getByRole('progressbar');
  // The second tab follows the first one's progress (BroadcastChannel) up to the end…
  await expect
    .poll(async () => Number(await mirrored.getAttribute('aria-valuenow')), { timeout: 30_000 })
    .toBeGreaterThan(0);
  await expect(processingItem(other, video.name).getByTestId('processing-status')).toContainText(
    'Envio concluído',
    {
      timeout: 60_000,
    },
  );
  await expect(mirrored).toHaveAttribute('aria-valuenow', '100');
  // …while only the first tab sent anything.
  expect(sentByOther).toBe(0);
  expect(await uploadState(page, token, videoId, teamId)).toMatchObject({ complete: true });
});
