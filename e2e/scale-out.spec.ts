import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { DEMO_ACCOUNTS } from '../server/src/db/seed.ts';
import { S3Storage, s3Client } from '../server/src/media/s3-storage.ts';
import { S3Uploads } from '../server/src/media/s3-uploads.ts';
import { publishTestSignal } from '../server/test/rtmp-encoder.ts';
import { startS3, type TestS3 } from '../server/test/s3-server.ts';
import { expectPlaying, playerFrame, startSite } from './embed-helpers';
import { DEMO, DEMO_PASSWORD } from './support/env';
import { makeVideo, sha256 } from './vod-helpers';

// Scale-out (docs/storage.md): two server processes on one PostgreSQL and one S3 bucket (a real s3rver), each
// with its own DATA_DIR, nothing shared on disk. A chunked upload whose chunks alternate between the
// instances is stored byte-identical and plays from the other; a live published (ffmpeg, RTMP) to one
// instance plays for a viewer served by the other. PostgreSQL comes from TEST_DATABASE_URL (.ci/run sets it).

const adminUrl = process.env.TEST_DATABASE_URL;
const TEAM = DEMO_ACCOUNTS.demoProducoes.id;

interface Instance {
  base: string;
  ingestPort: number;
  dataDir: string;
  child: ChildProcess;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let s3: TestS3;
let database: string;
let databaseUrl: string;
let staticDir: string;
const instances: Instance[] = [];

async function startInstance(name: string): Promise<Instance> {
  const [port, ingestPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), `palco-scale-${name}-`));
  const child = spawn('bin/serve', [], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'scale-out-e2e-shared-secret-0123456789abcdef',
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
      INGEST_PORT: String(ingestPort),
      INGEST_HOST: '127.0.0.1',
      STORAGE: 's3',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${base}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);
  return { base, ingestPort, dataDir, child };
}

/** Files an instance keeps on its own disk for media: none (only what ffmpeg writes, then removes). */
const mediaFilesOn = (instance: Instance) =>
  ['media', 'uploads'].flatMap((dir): string[] => {
    try {
      return readdirSync(join(instance.dataDir, dir), { recursive: true, encoding: 'utf8' });
    } catch {
      return [];
    }
  });

test.describe('scale-out on S3', () => {
  test.skip(!adminUrl, 'needs PostgreSQL: set TEST_DATABASE_URL (.ci/run starts one)');

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    s3 = await startS3('palco-scale-out');
    database = `palco_e2e_scale_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    // The built console and players, copied: a build running meanwhile cannot change what is served.
    staticDir = mkdtempSync(join(tmpdir(), 'palco-scale-dist-'));
    cpSync('dist', staticDir, { recursive: true });
    // The first one migrates and seeds the empty database; the second joins it.
    instances.push(await startInstance('a'));
    instances.push(await startInstance('b'));
  });

  test.afterAll(async () => {
    for (const instance of instances) {
      const exited = new Promise((resolve) => instance.child.once('exit', resolve));
      instance.child.kill('SIGTERM');
      await exited;
      rmSync(instance.dataDir, { recursive: true, force: true });
    }
    if (database) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
    rmSync(staticDir, { recursive: true, force: true });
    await s3?.close();
  });

  const login = async (instance: Instance) => {
    const res = await fetch(`${instance.base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: DEMO.owner, password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { Token: string }).Token;
  };

  test('a chunked upload alternating between the instances is byte-identical and plays from either', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const [a, b] = instances as [Instance, Instance];
    const token = await login(a);
    const auth = { authorization: `Bearer ${token}` };
    const created = await fetch(`${a.base}/v1/videos/vod?accountId=${TEAM}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Duas instâncias' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const file = makeVideo('scale-out.mp4', { seconds: 6, bitrate: '600k' });
    const bytes = readFileSync(file.path);
    const chunk = Math.ceil(bytes.length / 4);
    for (let start = 0, n = 0; start < bytes.length; start += chunk, n++) {
      const end = Math.min(bytes.length, start + chunk) - 1;
      const form = new FormData();
      form.append('file', new Blob([bytes.subarray(start, end + 1)]), file.name);
      const res = await fetch(`${[a, b][n % 2]!.base}/upload/v1/videos/${id}/source?accountId=${TEAM}`, {
        method: 'POST',
        headers: { ...auth, 'content-range': `bytes ${start}-${end}/${bytes.length}` },
        body: form,
      });
      expect(res.status, await res.text()).toBe(end === bytes.length - 1 ? 202 : 201);
    }

    // The bucket holds the upload byte for byte, as the transcode reads it.
    const scratch = mkdtempSync(join(tmpdir(), 'palco-scale-check-'));
    const uploads = new S3Uploads(new S3Storage(s3Client(s3.storage), s3.storage, 'uploads/', scratch));
    const joined = await uploads.localSource(id, scratch);
    expect(sha256(readFileSync(joined!))).toBe(sha256(bytes));
    rmSync(scratch, { recursive: true, force: true });

    await expect
      .poll(
        async () =>
          (
            (await (
              await fetch(`${b.base}/v1/videos/${id}?accountId=${TEAM}`, { headers: auth })
            ).json()) as {
              status: string;
            }
          ).status,
        { timeout: 120_000 },
      )
      .toBe('ready');

    // Served by each instance from the bucket: the same bytes.
    const segments = await Promise.all(
      [a, b].map(async (instance) => {
        const info = (await (await fetch(`${instance.base}/v1/public/videos/${id}/playback`)).json()) as {
          manifestUrl: string;
        };
        const manifest = `${instance.base}${info.manifestUrl}`;
        const master = await (await fetch(manifest)).text();
        const rendition = new URL(master.split('\n').find((l) => l.endsWith('.m3u8'))!, manifest);
        const playlist = await (await fetch(rendition)).text();
        const segment = new URL(playlist.split('\n').find((l) => l.endsWith('.ts'))!, rendition);
        return Buffer.from(await (await fetch(segment)).arrayBuffer());
      }),
    );
    expect(segments[0]!.length).toBeGreaterThan(1000);
    expect(segments[0]!.equals(segments[1]!)).toBe(true);

    // A viewer's player on instance B plays it.
    const site = await startSite();
    try {
      await page.goto(site.pageUrl('any.localhost', `${b.base}/embed/vod/${id}`));
      await expectPlaying(await playerFrame(page), 1, 60_000);
    } finally {
      await site.close();
    }
    expect(instances.flatMap(mediaFilesOn)).toEqual([]);
  });

  test('a live published to one instance plays for a viewer served by the other', async ({ page }) => {
    test.setTimeout(180_000);
    const [a, b] = instances as [Instance, Instance];
    const token = await login(a);
    const auth = { authorization: `Bearer ${token}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const created = await fetch(`${a.base}/v1/live-streams?accountId=${TEAM}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        nome: 'Ao vivo em duas instâncias',
        type: 'encoder',
        scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    });
    expect(created.status).toBe(201);
    const liveId = ((await created.json()) as { id: string }).id;
    // Started through B: the state is in the database, the publish lives on A.
    const started = await fetch(`${b.base}/v1/live-streams/${liveId}/control/start?accountId=${TEAM}`, {
      method: 'PUT',
      headers: auth,
    });
    expect(started.status).toBe(200);
    const stream = (await (
      await fetch(`${a.base}/v1/live-streams/${liveId}?accountId=${TEAM}`, { headers: auth })
    ).json()) as { signals: { key: string }[] };
    const encoder = publishTestSignal(`rtmp://127.0.0.1:${a.ingestPort}/live/${stream.signals[0]!.key}`, 120);
    const site = await startSite();
    try {
      await expect
        .poll(
          async () =>
            (
              (await (await fetch(`${b.base}/v1/public/lives/${liveId}/playback`)).json()) as {
                manifestUrl: string | null;
              }
            ).manifestUrl,
          { timeout: 60_000 },
        )
        .toMatch(/^\/play\/live\//);
      await page.goto(site.pageUrl('any.localhost', `${b.base}/embed/${liveId}`));
      await expectPlaying(await playerFrame(page), 2, 60_000);
      // B holds nothing of the live on its disk: it served the bucket.
      const onB = (() => {
        try {
          return readdirSync(join(b.dataDir, 'live'), { recursive: true, encoding: 'utf8' });
        } catch {
          return [];
        }
      })();
      expect(onB.filter((f) => f.endsWith('.ts'))).toEqual([]);
    } finally {
      encoder.kill('SIGINT');
      await site.close();
    }
  });
});
