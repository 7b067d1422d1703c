import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/db/seed.ts';
import { createTestStore, type TestStore } from './helpers.ts';
import { DEMO, sha256 } from './video-helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const MiB = 1024 * 1024;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The real server (`node --import tsx server/src/server.ts`) as a child process. */
async function startServer(store: TestStore, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      INGEST_PORT: 'off',
      STATIC_DIR: join(store.dataDir, 'no-console'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

function multipartParts(boundary: string) {
  return {
    head: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="video.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    ),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}

/** One chunk over a real socket; `hold` sends only that many bytes of it and leaves the request open. */
function postChunk(
  base: string,
  token: string,
  videoId: string,
  file: Buffer,
  start: number,
  end: number,
  hold?: number,
): { done: Promise<{ status: number; body: string }>; abort: () => void } {
  const boundary = `palco${randomBytes(6).toString('hex')}`;
  const { head, tail } = multipartParts(boundary);
  const data = file.subarray(start, end + 1);
  const req = request(`${base}/upload/v1/videos/${videoId}/source?accountId=${DEMO}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + data.length + tail.length),
      'content-range': `bytes ${start}-${end}/${file.length}`,
    },
  });
  const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  req.write(head);
  if (hold === undefined) {
    req.write(data);
    req.end(tail);
  } else {
    req.write(data.subarray(0, hold));
  }
  return { done, abort: () => req.destroy() };
}

const stores: TestStore[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) await killHard(child);
  for (const store of stores) await store.dispose();
});

describe('a server killed mid-upload', () => {
  it('keeps every acknowledged byte and finishes with a byte-identical file', async () => {
    const store = await createTestStore();
    stores.push(store);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let child = await startServer(store, port);
    children.push(child);

    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: DEMO_USERS.owner.login, password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { Token: string }).Token;
    const created = await fetch(`${base}/v1/contents?accountId=${DEMO}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: 'Sobrevive', directoryId: null, accountId: DEMO }),
    });
    expect(created.status).toBe(201);
    const { videoId } = (await created.json()) as { videoId: string };

    const file = randomBytes(24 * MiB + 12_345);
    const chunk = 4 * MiB;
    for (const start of [0, chunk]) {
      const res = await postChunk(base, token, videoId, file, start, start + chunk - 1).done;
      expect(res.status, res.body).toBe(201);
    }

    // The third chunk is half sent when the server dies: its bytes reach the disk, but are never
    // acknowledged.
    const part = join(store.dataDir, 'uploads', `${videoId}.part`);
    const inFlight = postChunk(base, token, videoId, file, 2 * chunk, 3 * chunk - 1, 3 * MiB);
    inFlight.done.catch(() => {});
    const deadline = Date.now() + 20_000;
    while ((await stat(part)).size <= 2 * chunk + MiB) {
      if (Date.now() > deadline) throw new Error('the in-flight chunk never reached the disk');
      await new Promise((r) => setTimeout(r, 20));
    }
    await killHard(child);
    inFlight.abort();

    child = await startServer(store, port);
    children.push(child);
    const status = await fetch(`${base}/upload/v1/videos/${videoId}/source?accountId=${DEMO}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const state = (await status.json()) as { offset: number; total: number; complete: boolean };
    // Every acknowledged byte is kept; the unacknowledged ones are not counted.
    expect(state).toEqual({ offset: 2 * chunk, total: file.length, complete: false });

    let offset = state.offset;
    for (;;) {
      const end = Math.min(file.length, offset + chunk) - 1;
      const res = await postChunk(base, token, videoId, file, offset, end).done;
      if (end === file.length - 1) {
        expect(res.status, res.body).toBe(202);
        break;
      }
      expect(res.status, res.body).toBe(201);
      offset = (JSON.parse(res.body) as { offset: number }).offset;
    }
    const stored = await readFile(join(store.dataDir, 'uploads', `${videoId}.source`));
    expect(stored.length).toBe(file.length);
    expect(sha256(stored)).toBe(sha256(file));
  }, 240_000);
});
