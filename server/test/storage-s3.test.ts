import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bytesHeld } from '../src/billing/usage-job.ts';
import { DEMO_USERS } from '../src/db/seed.ts';
import { S3Storage, s3Client } from '../src/media/s3-storage.ts';
import { PIECE_BYTES } from '../src/media/s3-uploads.ts';
import { videoPrefix } from '../src/media/storage.ts';
import { bearer, loginAs, startTestServer, type TestServer, testConfig } from './helpers.ts';
import { publishTestSignal } from './rtmp-encoder.ts';
import { startS3, type TestS3 } from './s3-server.ts';
import { call } from './streams-helpers.ts';
import {
  createContent,
  DEMO,
  makeTestVideo,
  multipart,
  postRange,
  sha256,
  waitForStatus,
} from './video-helpers.ts';

// Media on an S3-compatible bucket (docs/storage.md): a real S3 server (s3rver) started here, the
// server configured with STORAGE=s3, no media file on the instance's disk.

let s3: TestS3;
let server: TestServer;
let owner: string;
let video: Buffer;
/** What the test reads the bucket with: the whole bucket, no key prefix. */
let bucket: S3Storage;

beforeAll(async () => {
  s3 = await startS3();
  server = await startTestServer({ storage: s3.storage, ingestPort: 0, ingestHost: '127.0.0.1' });
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  const source = join(server.store.dataDir, 'source.mp4');
  await makeTestVideo(source, '320x240', 2);
  video = await readFile(source);
  await rm(source);
  bucket = new S3Storage(s3Client(s3.storage), s3.storage, '', join(server.store.dataDir, 'check'));
}, 120_000);
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

async function playbackFiles(app: FastifyInstance, videoId: string) {
  const info = await app.inject({ method: 'GET', url: `/v1/public/videos/${videoId}/playback` });
  expect(info.statusCode, info.body).toBe(200);
  const manifestUrl = info.json<{ manifestUrl: string }>().manifestUrl;
  const master = await app.inject({ method: 'GET', url: manifestUrl });
  expect(master.statusCode, master.body).toBe(200);
  const rendition = master.body.split('\n').find((line) => line.endsWith('.m3u8'))!;
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const playlist = await app.inject({ method: 'GET', url: `${base}${rendition}` });
  expect(playlist.statusCode, playlist.body).toBe(200);
  const segment = playlist.body.split('\n').find((line) => line.endsWith('.ts'))!;
  const dir = rendition.slice(0, rendition.lastIndexOf('/') + 1);
  return { segmentUrl: `${base}${dir}${segment}`, master: master.body };
}

/** Files under the instance's DATA_DIR/media and DATA_DIR/uploads (none: they are in the bucket). */
async function localMediaFiles(dataDir: string): Promise<string[]> {
  const list = async (dir: string) =>
    (await readdir(join(dataDir, dir), { recursive: true, withFileTypes: true }).catch(() => []))
      .filter((e) => e.isFile())
      .map((e) => e.name);
  return [...(await list('media')), ...(await list('uploads'))];
}

describe('a video on S3', () => {
  it('is uploaded in chunks to the bucket, transcoded from it and played from it, ranges included', {
    timeout: 120_000,
  }, async () => {
    const videoId = await createContent(server.app, owner, 'No balde');
    const third = Math.ceil(video.length / 3);
    expect((await postRange(server.app, owner, videoId, video, 0, third - 1)).statusCode).toBe(201);
    // A chunk sent again, overlapping what is stored: nothing is stored twice.
    const again = await postRange(server.app, owner, videoId, video, 0, 2 * third - 1);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ offset: 2 * third });
    const status = await server.app.inject({
      method: 'GET',
      url: `/upload/v1/videos/${videoId}/source?accountId=${DEMO}`,
      headers: bearer(owner),
    });
    expect(status.json()).toEqual({ offset: 2 * third, total: video.length, complete: false });
    const last = await postRange(server.app, owner, videoId, video, 2 * third, video.length - 1);
    expect(last.statusCode, last.body).toBe(202);

    // The source is the bucket's pieces, joined byte for byte.
    const scratch = await mkdtemp(join(tmpdir(), 'palco-s3-source-'));
    const joined = await server.app.media.uploads.store.localSource(videoId, scratch);
    expect(sha256(await readFile(joined!))).toBe(sha256(video));
    await rm(scratch, { recursive: true, force: true });

    await waitForStatus(server.app, owner, videoId, ['ready']);
    const keys = (await bucket.list(`media/${videoPrefix(DEMO, videoId)}`)).map((f) => f.key);
    expect(keys).toContain(`media/${videoPrefix(DEMO, videoId)}/hls/master.m3u8`);
    expect(keys).toContain(`media/${videoPrefix(DEMO, videoId)}/thumbnail.jpg`);
    expect(await localMediaFiles(server.store.dataDir)).toEqual([]);

    const { segmentUrl } = await playbackFiles(server.app, videoId);
    const whole = await server.app.inject({ method: 'GET', url: segmentUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp2t');
    expect(whole.rawPayload.length).toBeGreaterThan(1000);
    const part = await server.app.inject({
      method: 'GET',
      url: segmentUrl,
      headers: { range: 'bytes=188-375' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 188-375/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(188, 376))).toBe(true);
    const beyond = await server.app.inject({
      method: 'GET',
      url: segmentUrl,
      headers: { range: `bytes=${whole.rawPayload.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    // The token checks hold as they do on the disk.
    const forged = segmentUrl.replace(/\/play\/vod\/([^/]+)\/[^/]+\//, '/play/vod/$1/1.forged/');
    expect((await server.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);

    // Billing's storage figure counts what is in the bucket.
    const held = await bytesHeld(server.app, DEMO);
    const inBucket =
      (await bucket.usedBytes(`media/${DEMO}`)) + (await bucket.usedBytes(`uploads/${videoId}`));
    expect(held).toBeGreaterThanOrEqual(inBucket);
    expect(inBucket).toBeGreaterThan(video.length);

    // Deleting the video removes its objects: renditions and source.
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/v1/videos/${videoId}?accountId=${DEMO}`,
      headers: bearer(owner),
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await bucket.list(`media/${videoPrefix(DEMO, videoId)}`)).toEqual([]);
    expect(await bucket.list(`uploads/${videoId}`)).toEqual([]);
  });

  it("keeps a user's avatar in the bucket and serves it from there", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const body = multipart({ content: png, filename: 'a.png', contentType: 'image/png' });
    const res = await server.app.inject({
      method: 'POST',
      url: '/v1/me/avatar',
      headers: { ...bearer(owner), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<{ avatar: string }>().avatar;
    const served = await server.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const stored = await bucket.read(`media${url.slice('/media'.length)}`);
    expect(stored?.equals(served.rawPayload)).toBe(true);
    expect(await localMediaFiles(server.store.dataDir)).toEqual([]);
  });
});

describe('a plain upload on S3', () => {
  it('is stored as whole pieces (the file is larger than one), transcoded and played', {
    timeout: 120_000,
  }, async () => {
    // Bigger than a piece: the source is a few pieces in the bucket, joined byte for byte.
    const padded = Buffer.concat([video, Buffer.alloc(PIECE_BYTES + 12_345, 0)]);
    const videoId = await createContent(server.app, owner, 'Envio simples no balde');
    const body = multipart({ content: padded, filename: 'aula.mp4', contentType: 'video/mp4' });
    const res = await server.app.inject({
      method: 'POST',
      url: `/upload/v1/videos/${videoId}/source?accountId=${DEMO}`,
      headers: { ...bearer(owner), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ offset: padded.length, total: padded.length, complete: true });
    const pieces = await bucket.list(`uploads/${videoId}`);
    expect(pieces.length).toBe(2);
    const scratch = await mkdtemp(join(tmpdir(), 'palco-s3-plain-'));
    const joined = await server.app.media.uploads.store.localSource(videoId, scratch);
    expect(sha256(await readFile(joined!))).toBe(sha256(padded));
    await rm(scratch, { recursive: true, force: true });
    await waitForStatus(server.app, owner, videoId, ['ready']);
    expect(await localMediaFiles(server.store.dataDir)).toEqual([]);
  });
});

describe('presigned delivery', () => {
  it('redirects a VOD segment to the bucket for a short while, never a playlist', {
    timeout: 120_000,
  }, async () => {
    // The running server's storage reads its delivery mode from its configuration at each request:
    // switched to presigned URLs for this test (as MEDIA_DELIVERY=presigned would set it).
    const settings = server.config.storage;
    settings.delivery = 'presigned';
    settings.presignedSeconds = 60;
    const other = server.app;
    try {
      const videoId = await createContent(server.app, owner, 'Entregue pelo balde');
      expect((await postRange(server.app, owner, videoId, video, 0, video.length - 1)).statusCode).toBe(202);
      await waitForStatus(server.app, owner, videoId, ['ready']);
      const { segmentUrl, master } = await playbackFiles(other, videoId);
      expect(master).toContain('#EXTM3U');
      const res = await other.inject({ method: 'GET', url: segmentUrl });
      expect(res.statusCode).toBe(302);
      const location = res.headers.location as string;
      expect(location).toContain(`${s3.endpoint}/${s3.bucket}/media/`);
      expect(location).toMatch(/X-Amz-Expires=60/);
      const fetched = await fetch(location);
      expect(fetched.status).toBe(200);
      const direct = await bucket.read(new URL(location).pathname.slice(`/${s3.bucket}/`.length));
      expect(direct && Buffer.from(await fetched.arrayBuffer()).equals(direct)).toBe(true);
      // The token is checked before any redirect.
      const forged = segmentUrl.replace(/\/play\/vod\/([^/]+)\/[^/]+\//, '/play/vod/$1/1.forged/');
      expect((await other.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    } finally {
      settings.delivery = 'server';
    }
  });
});

describe('a live on S3', () => {
  it('records to the bucket, and on completion its recording becomes a video whose source is there', {
    timeout: 180_000,
  }, async () => {
    const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
      call(server.app, owner, method, `${url}${url.includes('?') ? '&' : '?'}accountId=${DEMO}`, payload);
    const created = await api('POST', '/v1/live-streams', {
      nome: 'Gravada no balde',
      scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
      transcode: { enableLive2vod: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const stream = created.json<{ id: string; signals: { key: string }[] }>();
    expect((await api('PUT', `/v1/live-streams/${stream.id}/control/start`)).statusCode).toBe(200);
    const exit = await new Promise<number | null>((resolve, reject) => {
      const child = publishTestSignal(
        `rtmp://127.0.0.1:${server.app.ingestPort}/live/${stream.signals[0]!.key}`,
        4,
      );
      child.on('error', reject);
      child.on('close', resolve);
    });
    expect(exit).toBe(0);
    // The recording's parts are put in the bucket by the instance that held the publish.
    const recording = `live/${DEMO}/${stream.id}/recording`;
    await expect
      .poll(async () => (await bucket.list(recording)).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect((await api('PUT', `/v1/live-streams/${stream.id}/control/complete`)).statusCode).toBe(200);
    let videoId: string | undefined;
    await expect
      .poll(
        async () => {
          videoId = (await api('GET', `/v1/live-streams/${stream.id}`)).json<{
            recording: { videoId: string } | null;
          }>().recording?.videoId;
          return videoId;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBeTruthy();
    await waitForStatus(server.app, owner, videoId!, ['ready']);
    // Its source is in the bucket, its parts are gone from it, and nothing is on the instance's disk.
    expect(await server.app.media.uploads.store.storedBytes(videoId!)).toBeGreaterThan(0);
    expect(await bucket.list(recording)).toEqual([]);
    expect(await localMediaFiles(server.store.dataDir)).toEqual([]);
    const { segmentUrl } = await playbackFiles(server.app, videoId!);
    expect((await server.app.inject({ method: 'GET', url: segmentUrl })).statusCode).toBe(200);
  });
});

describe('delivery through a CDN in front of the bucket', () => {
  it('redirects a VOD segment to the CDN URL of its object after the token check; playlists stay here', {
    timeout: 120_000,
  }, async () => {
    const settings = server.config.storage;
    settings.delivery = 'cdn';
    settings.cdnUrl = 'https://cdn.palco.test';
    try {
      const videoId = await createContent(server.app, owner, 'Entregue pela CDN');
      expect((await postRange(server.app, owner, videoId, video, 0, video.length - 1)).statusCode).toBe(202);
      await waitForStatus(server.app, owner, videoId, ['ready']);
      const { segmentUrl, master } = await playbackFiles(server.app, videoId);
      expect(master).toContain('#EXTM3U');
      const res = await server.app.inject({ method: 'GET', url: segmentUrl });
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string);
      expect(location.origin).toBe('https://cdn.palco.test');
      // The CDN's origin is the bucket: the path is the object's key, and that object is the segment.
      const key = location.pathname.slice(1);
      expect(key.startsWith(`media/${videoPrefix(DEMO, videoId)}/hls/`)).toBe(true);
      expect(await bucket.read(key)).not.toBeNull();
      const forged = segmentUrl.replace(/\/play\/vod\/([^/]+)\/[^/]+\//, '/play/vod/$1/1.forged/');
      expect((await server.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    } finally {
      settings.delivery = 'server';
      settings.cdnUrl = undefined;
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  'two instances, one database, one bucket, no shared DATA_DIR',
  () => {
    /** A second instance on the same database and bucket, with its own DATA_DIR and the same JWT
     * secret (JWT_SECRET), as instances behind one load balancer share it. */
    const secondInstance = async () => {
      const otherDir = await mkdtemp(join(tmpdir(), 'palco-instance-b-'));
      const jwtSecret = (await readFile(join(server.store.dataDir, 'jwt-secret'), 'utf8')).trim();
      const other = await buildApp(
        testConfig(server.store, { dataDir: otherDir, storage: s3.storage, jwtSecret }),
      );
      const stop = async () => {
        await other.close();
        await rm(otherDir, { recursive: true, force: true });
      };
      return { other, otherDir, stop };
    };

    it('takes the chunks of one upload alternately, byte-identical, and plays it from either', {
      timeout: 180_000,
    }, async () => {
      const { other, otherDir, stop } = await secondInstance();
      try {
        const videoId = await createContent(server.app, owner, 'Duas instâncias');
        const apps = [server.app, other];
        const size = Math.ceil(video.length / 5);
        let n = 0;
        for (let start = 0; start < video.length; start += size, n++) {
          const end = Math.min(video.length, start + size) - 1;
          const res = await postRange(apps[n % 2]!, owner, videoId, video, start, end);
          expect(res.statusCode, res.body).toBe(end === video.length - 1 ? 202 : 201);
        }
        const scratch = await mkdtemp(join(tmpdir(), 'palco-s3-source-'));
        const joined = await other.media.uploads.store.localSource(videoId, scratch);
        expect(sha256(await readFile(joined!))).toBe(sha256(video));
        await rm(scratch, { recursive: true, force: true });
        await waitForStatus(other, owner, videoId, ['ready']);
        for (const app of apps) {
          const { segmentUrl } = await playbackFiles(app, videoId);
          expect((await app.inject({ method: 'GET', url: segmentUrl })).statusCode).toBe(200);
        }
        expect(await localMediaFiles(otherDir)).toEqual([]);
      } finally {
        await stop();
      }
    });

    // A console that retries while its first attempt is still in flight, or two tabs behind a load
    // balancer, can put the same bytes on two instances at once. The upload lease in the database
    // serialises them (docs/api-videos.md "Rules that make retries safe"): the file must come out
    // byte-identical, each byte stored once, and every answer's offset the durable truth.
    it('stores the same chunk raced to both instances, and overlapping chunks raced, exactly once', {
      timeout: 180_000,
    }, async () => {
      const { other, stop } = await secondInstance();
      try {
        const videoId = await createContent(server.app, owner, 'Corrida entre instâncias');
        const quarter = Math.ceil(video.length / 4);
        const last = video.length - 1;

        // The same first chunk to both at once: both store-or-skip it and report the same offset.
        const same = await Promise.all(
          [server.app, other].map((app) => postRange(app, owner, videoId, video, 0, quarter - 1)),
        );
        for (const res of same) {
          expect(res.statusCode, res.body).toBe(201);
          expect(res.json<{ offset: number }>().offset).toBe(quarter);
        }

        // Overlapping ranges at once: [q, 3q) to one, [2q, end] to the other. Whichever runs first,
        // the other either stores only its new part or (a gap) answers 409 with the offset.
        const raced = await Promise.all([
          postRange(server.app, owner, videoId, video, quarter, 3 * quarter - 1),
          postRange(other, owner, videoId, video, 2 * quarter, last),
        ]);
        for (const res of raced) {
          expect([201, 202, 409], res.body).toContain(res.statusCode);
          const { offset } = res.json<{ offset: number }>();
          expect(offset).toBeGreaterThanOrEqual(quarter);
          expect(offset).toBeLessThanOrEqual(video.length);
        }

        // Resume as the console does: ask the offset, send the rest, until the server says complete.
        for (let round = 0; round < 4; round++) {
          const asked = await other.inject({
            method: 'GET',
            url: `/upload/v1/videos/${videoId}/source?accountId=${DEMO}`,
            headers: bearer(owner),
          });
          expect(asked.statusCode, asked.body).toBe(200);
          const state = asked.json<{ offset: number; total: number; complete: boolean }>();
          if (state.complete) break;
          const res = await postRange(server.app, owner, videoId, video, state.offset, last);
          expect([201, 202], res.body).toContain(res.statusCode);
        }
        const final = await server.app.inject({
          method: 'GET',
          url: `/upload/v1/videos/${videoId}/source?accountId=${DEMO}`,
          headers: bearer(owner),
        });
        expect(final.json()).toMatchObject({ offset: video.length, total: video.length, complete: true });

        const scratch = await mkdtemp(join(tmpdir(), 'palco-s3-source-'));
        const joined = await other.media.uploads.store.localSource(videoId, scratch);
        const stored = await readFile(joined!);
        expect(stored.length).toBe(video.length);
        expect(sha256(stored)).toBe(sha256(video));
        await rm(scratch, { recursive: true, force: true });
        await waitForStatus(server.app, owner, videoId, ['ready']);
      } finally {
        await stop();
      }
    });
  },
);
