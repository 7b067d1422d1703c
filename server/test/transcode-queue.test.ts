import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { AccountClient, listen } from './realtime-helpers.ts';
import { createContent, DEMO, makeTestVideo, postRange, waitForStatus } from './video-helpers.ts';

/** docs/uploads.md "Queued transcodes": a video waiting behind another one's transcode is said to be
 * queued (not "processing 0%") until its own transcode starts. */
let server: TestServer;
let token: string;
let socket: AccountClient;

beforeAll(async () => {
  server = await startTestServer();
  token = await loginAs(server.app, 'owner@palco.test');
  socket = await AccountClient.connect(await listen(server.app), DEMO, token);
}, 120_000);
afterAll(async () => {
  socket?.close();
  await server?.close();
});

const getVideo = async (id: string) =>
  (
    await server.app.inject({
      method: 'GET',
      url: `/v1/videos/${id}?accountId=${DEMO}`,
      headers: bearer(token),
    })
  ).json<{ status: string; progress: number; queued: boolean }>();

const progressItem = async (id: string) =>
  (
    await server.app.inject({
      method: 'GET',
      url: `/v1/videos/transcode/progress?accountId=${DEMO}`,
      headers: bearer(token),
    })
  )
    .json<{ videoId: string; status: string; queued?: boolean }[]>()
    .find((i) => i.videoId === id);

async function upload(name: string, size: string, seconds: number): Promise<string> {
  const file = join(server.store.dataDir, `${name}.mp4`);
  await makeTestVideo(file, size, seconds);
  const bytes = await readFile(file);
  const id = await createContent(server.app, token, name);
  const res = await postRange(server.app, token, id, bytes, 0, bytes.length - 1);
  expect(res.json()).toMatchObject({ complete: true });
  return id;
}

describe('a video waiting for the transcoder', () => {
  it('is queued until its transcode starts, then processing, then ready', async () => {
    const long = await upload('longo', '640x360', 40);
    // The first one's transcode has begun: the transcoder (one job at a time) is busy.
    await expect
      .poll(async () => (await getVideo(long)).queued, { timeout: 60_000, interval: 100 })
      .toBe(false);
    expect((await getVideo(long)).status).toBe('processing');

    const short = await upload('curto', '320x240', 2);
    expect(await getVideo(short)).toMatchObject({ status: 'processing', progress: 0, queued: true });
    expect(await progressItem(short)).toMatchObject({ status: 'processing', queued: true });
    expect(await progressItem(long)).toMatchObject({ status: 'processing', queued: false });
    const first = await socket.waitFor((e) => e.evento === 'video_status' && e.video_id === short);
    expect(first).toMatchObject({ status: 'processing', progress: 0, queued: true });

    // Its own start is announced (queued: false) and the video answers so.
    await socket.waitFor(
      (e) => e.evento === 'video_status' && e.video_id === short && e.queued === false,
      120_000,
    );
    expect((await getVideo(long)).status).toBe('ready');
    expect((await waitForStatus(server.app, token, short, ['ready'], 60_000)).queued).toBe(false);
  }, 240_000);
});

describe('a video deleted while its transcode copies its files into place', () => {
  it('is deleted (204) and leaves no file behind, whichever ends first', async () => {
    const storage = server.app.media.storage;
    const putDirectory = storage.putDirectory.bind(storage);
    const putFile = storage.putFile.bind(storage);
    let copying = () => {};
    const copyStarted = new Promise<void>((resolve) => {
      copying = resolve;
    });
    let resume = () => {};
    const resumed = new Promise<void>((resolve) => {
      resume = resolve;
    });
    // The transcode's copy of its renditions is held until the video has been deleted.
    storage.putDirectory = async (prefix, localDir) => {
      copying();
      await resumed;
      return putDirectory(prefix, localDir);
    };
    // The thumbnail is the last file the transcode puts.
    let thumbnailPut = () => {};
    const thumbnailDone = new Promise<void>((resolve) => {
      thumbnailPut = resolve;
    });
    storage.putFile = async (key, localPath) => {
      await putFile(key, localPath);
      if (key.endsWith('/thumbnail.jpg')) thumbnailPut();
    };
    try {
      const id = await upload('apagado', '320x240', 2);
      await copyStarted;
      const prefix = `${DEMO}/${id}`;
      const deleted = await server.app.inject({
        method: 'DELETE',
        url: `/v1/videos/${id}?accountId=${DEMO}`,
        headers: bearer(token),
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(await storage.list(prefix)).toEqual([]);
      resume();
      // The copy ends after the delete: what it put is removed again.
      await thumbnailDone;
      await expect
        .poll(async () => (await storage.list(prefix)).map((f) => f.key), { timeout: 10_000, interval: 100 })
        .toEqual([]);
    } finally {
      storage.putDirectory = putDirectory;
      storage.putFile = putFile;
    }
  }, 120_000);
});
