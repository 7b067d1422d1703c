/// <reference path="./s3rver.d.ts" />
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageConfig } from '../src/config.ts';
import { DEMO_USERS } from '../src/db/seed.ts';
import { LiveMirror } from '../src/media/live-sync.ts';
import { S3Storage, s3Client } from '../src/media/s3-storage.ts';
import { bearer, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { S3RVER_CREDENTIALS } from './s3-server.ts';
import { createContent, DEMO, makeTestVideo, postRange, sha256, waitForStatus } from './video-helpers.ts';

// The bucket unreachable for a while (docs/operations.md "The bucket unreachable"): a real s3rver is
// stopped and started again on the same port and folder, as an operator restarting it would. Nothing
// written during the outage may be lost: a chunk is answered 503 (the console sends it again, where a
// 400 fails the upload), a file put by a job waits for the bucket, a live's files are copied once it
// is back.

const BUCKET = 'palco-media';
let directory: string;
let port = 0;
let s3: S3rver | null = null;
let storage: StorageConfig;
let server: TestServer;
let owner: string;

async function bucketUp(): Promise<void> {
  s3 = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  port = ((await s3.run()) as AddressInfo).port;
}
async function bucketDown(): Promise<void> {
  await s3?.close();
  s3 = null;
}

beforeAll(async () => {
  Object.assign(process.env, S3RVER_CREDENTIALS);
  directory = await mkdtemp(join(tmpdir(), 'palco-s3-outage-'));
  await bucketUp();
  storage = {
    kind: 's3',
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    delivery: 'server',
    cdnUrl: undefined,
    presignedSeconds: 300,
  };
  server = await startTestServer({ storage, ingestPort: 0, ingestHost: '127.0.0.1' });
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await bucketDown();
  await rm(directory, { recursive: true, force: true });
});

describe('the bucket unreachable for a while', () => {
  it('answers a chunk 503 (try again), and the upload completes once the bucket is back', {
    timeout: 120_000,
  }, async () => {
    const source = join(server.store.dataDir, 'outage.mp4');
    await makeTestVideo(source, '320x240', 2);
    const video = await readFile(source);
    await rm(source);
    const videoId = await createContent(server.app, owner, 'Sem balde');
    const half = Math.ceil(video.length / 2);
    expect((await postRange(server.app, owner, videoId, video, 0, half - 1)).statusCode).toBe(201);

    await bucketDown();
    const during = await postRange(server.app, owner, videoId, video, half, video.length - 1);
    // Not a 400, which the console takes as final and fails the upload: a 5xx it retries with backoff.
    expect(during.statusCode, during.body).toBe(503);
    expect(during.headers['retry-after']).toBeDefined();
    expect(during.json()).toMatchObject({ message: 'Serviço indisponível' });

    await bucketUp();
    const state = await server.app.inject({
      method: 'GET',
      url: `/upload/v1/videos/${videoId}/source?accountId=${DEMO}`,
      headers: bearer(owner),
    });
    expect(state.json()).toMatchObject({ offset: half, complete: false });
    const resent = await postRange(server.app, owner, videoId, video, half, video.length - 1);
    expect(resent.statusCode, resent.body).toBe(202);
    const scratch = await mkdtemp(join(tmpdir(), 'palco-s3-outage-source-'));
    const joined = await server.app.media.uploads.store.localSource(videoId, scratch);
    expect(sha256(await readFile(joined!))).toBe(sha256(video));
    await rm(scratch, { recursive: true, force: true });
    await waitForStatus(server.app, owner, videoId, ['ready'], 90_000);
  });

  it("waits for the bucket when a job puts a file (a transcode's segments), instead of failing at once", {
    timeout: 60_000,
  }, async () => {
    const bucket = new S3Storage(s3Client(storage), storage, '', join(server.store.dataDir, 'check'));
    const local = join(server.store.dataDir, 'segment.ts');
    const body = Buffer.alloc(100_000, 7);
    await writeFile(local, body);
    await bucketDown();
    const putting = bucket.putFile('outage/segment.ts', local);
    // Unreachable for 5 s, then back: the put lands.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await bucketUp();
    await putting;
    const stored = await bucket.open('outage/segment.ts');
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(body));
  });

  it("copies a live's files written during the outage once the bucket is back", {
    timeout: 60_000,
  }, async () => {
    const bucket = new S3Storage(s3Client(storage), storage, '', join(server.store.dataDir, 'check'));
    const dir = join(server.store.dataDir, 'live-outage');
    await mkdir(dir, { recursive: true });
    const mirror = new LiveMirror(bucket, dir, 'lives/outage', server.app.log);
    mirror.start();
    try {
      await writeFile(join(dir, 'seg0.ts'), Buffer.alloc(1000, 1));
      await expect.poll(async () => (await bucket.list('lives/outage')).length, { timeout: 10_000 }).toBe(1);
      await bucketDown();
      await writeFile(join(dir, 'seg1.ts'), Buffer.alloc(1000, 2));
      await writeFile(join(dir, 'index.m3u8'), '#EXTM3U\nseg0.ts\nseg1.ts\n');
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await bucketUp();
      await expect
        .poll(async () => (await bucket.list('lives/outage')).map((f) => f.key).sort(), { timeout: 20_000 })
        .toEqual(['lives/outage/index.m3u8', 'lives/outage/seg0.ts', 'lives/outage/seg1.ts']);
    } finally {
      await mirror.stop();
    }
  });
});
