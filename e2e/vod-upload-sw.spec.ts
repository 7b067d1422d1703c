import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';
import {
  createdVideoId,
  deleteVideo,
  makeVideo,
  openLibraryInChunks,
  pickVideos,
  processingItem,
  settledUploadState,
  sha256,
  storedSource,
  throttleUploads,
  uploadState,
} from './vod-helpers';

// The service worker sends the chunks of a queued upload when every console page is closed
// (docs/uploads.md "The service worker sends the chunks"), against the real server, with Chromium's
// own Background Sync.
//
// How the sync is fired: Chromium's Background Sync follows the offline state DevTools emulates for a
// service worker (Playwright's setOffline emulates it for the pages and the worker): a 'palco-uploads'
// registration made while emulated offline waits, and Chromium fires it itself when the emulation
// ends. The test fires nothing: it closes the page, sets the context back online and waits.
//
// The page is closed a fraction of a second before the network returns: Chromium drops the closed
// tab's Web Locks only a moment after the worker stops seeing it as a client, so the worker finds the
// upload lock still held by a tab that is gone, the case the worker waits out.

test.describe.configure({ timeout: 150_000 });

const TEAM = 'Demo Produções';
const CHUNK = 256 * 1024;

/** The queue record of the upload, as the console keeps it in IndexedDB. */
const queued = (page: Page, id: string) =>
  page.evaluate(
    (key) =>
      new Promise<{ status: string; fileStored: boolean } | undefined>((resolve, reject) => {
        const open = indexedDB.open('palco-uploads');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('queue').objectStore('queue').get(key);
          get.onsuccess = () => {
            resolve(get.result);
            open.result.close();
          };
        };
      }),
    id,
  );

test('an upload paused offline is finished by the service worker after every console page closed', async ({
  page,
  context,
  request,
}) => {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  const video = makeVideo(`aula-sw-${Date.now()}.mp4`, { bitrate: '12M' });
  await openLibraryInChunks(page, CHUNK);
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
    timeout: 30_000,
  });
  await throttleUploads(context, page, 500_000);

  const videoId = await createdVideoId(page, () => pickVideos(page, [video.path]));
  try {
    // Under way, and the file kept in IndexedDB (what the worker will read).
    await expect
      .poll(async () => (await uploadState(request, token, videoId, teamId)).offset, { timeout: 30_000 })
      .toBeGreaterThan(CHUNK);
    await expect.poll(async () => (await queued(page, videoId))?.fileStored, { timeout: 30_000 }).toBe(true);

    await context.setOffline(true);
    await expect(processingItem(page, video.name).getByTestId('processing-status')).toContainText(
      'Pausado: aguardando a conexão',
    );
    // The file was kept: no "reopen the console" notice.
    await expect(processingItem(page, video.name)).not.toContainText('reaberto');
    await expect.poll(async () => (await queued(page, videoId))?.status).toBe('paused');

    // Every console page closes; the context (the browser profile and its service worker) stays.
    await page.close();
    expect(context.pages()).toEqual([]);
    const before = await settledUploadState(request, token, videoId, teamId);
    expect(before.complete).toBe(false);
    expect(before.offset).toBeLessThan(video.size);

    // The network is back: Chromium fires the upload queue's sync, with no page open.
    await context.setOffline(false);

    await expect
      .poll(async () => (await uploadState(request, token, videoId, teamId)).complete, { timeout: 60_000 })
      .toBe(true);
    expect(context.pages()).toEqual([]);
    expect(await uploadState(request, token, videoId, teamId)).toEqual({
      offset: video.size,
      total: video.size,
      complete: true,
    });
    expect(sha256(storedSource(videoId))).toBe(sha256(readFileSync(video.path)));

    // The worker recorded it as done (the console drops done records when it opens) and let go of the
    // kept file.
    const again = await context.newPage();
    await again.goto('/auth/login');
    expect((await queued(again, videoId))?.status ?? 'done').toBe('done');
  } finally {
    await deleteVideo(request, token, videoId, teamId);
  }
});
