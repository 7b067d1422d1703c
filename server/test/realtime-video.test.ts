import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, startTestServer, type TestServer } from './helpers.ts';
import { AccountClient, listen } from './realtime-helpers.ts';
import { createContent, DEMO, makeTestVideo, postRange } from './video-helpers.ts';

/** The upload and transcode pipeline tells the account's consoles how far it is. */
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

describe('video_status', () => {
  it('follows a video from its completed upload through the transcode to ready', async () => {
    const file = join(server.store.dataDir, 'source.mp4');
    await makeTestVideo(file, '320x240', 12);
    const bytes = await readFile(file);
    const videoId = await createContent(server.app, token, 'Vídeo ao vivo no socket');
    const res = await postRange(server.app, token, videoId, bytes, 0, bytes.length - 1);
    expect(res.json()).toMatchObject({ complete: true });

    await socket.waitFor(
      (e) => e.evento === 'video_status' && e.video_id === videoId && e.status === 'ready',
      120_000,
    );
    const statuses = socket.events.filter((e) => e.evento === 'video_status' && e.video_id === videoId);
    expect(statuses[0]).toMatchObject({ status: 'processing', progress: 0 });
    expect(statuses.at(-1)).toMatchObject({ status: 'ready', progress: 100 });
    const progress = statuses.map((e) => Number(e.progress));
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  }, 180_000);
});
