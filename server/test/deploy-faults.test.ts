import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage, s3Client } from '../src/media/s3-storage.ts';
import { AccountClient } from './realtime-helpers.ts';
import { publishTestSignal } from './rtmp-encoder.ts';
import { DEMO } from './video-helpers.ts';

// The production topology of deploy/local/up.sh (nginx with TLS in front of two instances on
// PostgreSQL, s3rver, an SMTP server) under faults (docs/deployment.md, docs/operations.md "Faults").
// Real processes only: the test kills an instance's node process and stops PostgreSQL with pg_ctl.
// Run by `npm run test:deploy` (it builds nothing when dist/ is there, and takes 1–3 minutes).
const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const STATE = '/tmp/palco-deploy-test';
const PORT = 8543;
const BASE = `https://127.0.0.1:${PORT}`;
const env = { ...process.env, PALCO_DEPLOY_DIR: STATE, PALCO_DEPLOY_PORT: String(PORT) };

const wanted = process.env.PALCO_DEPLOY_TEST === '1';
const nginxThere = () =>
  existsSync('/usr/sbin/nginx') || spawnSync('sh', ['-c', 'command -v nginx']).status === 0;
if (!wanted) console.warn('deploy-faults: skipped (run it with `npm run test:deploy`)');

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  httpVersion: string;
  seconds: number;
}

/** One request through nginx with curl (the real TLS, HTTP/2, the self-signed certificate trusted). */
async function request(
  path: string,
  options: { method?: string; json?: unknown; token?: string; args?: string[] } = {},
): Promise<Answer> {
  const args = [
    '-sS',
    '--cacert',
    join(STATE, 'tls/cert.pem'),
    '--max-time',
    '20',
    '-D',
    '-',
    '-w',
    '\n%{http_version} %{time_total}',
  ];
  if (options.method) args.push('-X', options.method);
  if (options.token) args.push('-H', `authorization: Bearer ${options.token}`);
  if (options.json !== undefined)
    args.push('-H', 'content-type: application/json', '--data-binary', JSON.stringify(options.json));
  args.push(...(options.args ?? []), `${BASE}${path}`);
  const { stdout } = await run('curl', args, { maxBuffer: 64 * 1024 * 1024 });
  const tail = stdout.lastIndexOf('\n');
  const [httpVersion = '', seconds = '0'] = stdout.slice(tail + 1).split(' ');
  const text = stdout.slice(0, tail);
  const split = text.indexOf('\r\n\r\n');
  const head = text.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(head[0]!.split(' ')[1]),
    headers,
    body: text.slice(split + 4),
    httpVersion,
    seconds: Number(seconds),
  };
}

const signIn = async () => {
  const res = await request('/api/user/login', { json: { login: 'owner@palco.test', password: 'palco123' } });
  return { res, token: res.status === 200 ? (JSON.parse(res.body) as { Token: string }).Token : '' };
};
const ports = () =>
  Object.fromEntries(
    readFileSync(join(STATE, 'ports.env'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('=') as [string, string]),
  );
const pgCtl = (action: 'start' | 'stop') => {
  const { PGBIN, PG_PORT } = ports();
  const args = [
    '-u',
    'postgres',
    '--',
    `${PGBIN}/pg_ctl`,
    '-D',
    join(STATE, 'pg'),
    '-w',
    '-m',
    'fast',
    '-l',
    join(STATE, 'pg/postgres.log'),
  ];
  if (action === 'start') args.push('-o', `-p ${PG_PORT} -k /tmp -c listen_addresses=127.0.0.1`);
  return run('runuser', [...args, action]);
};
const until = async (what: string, check: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what}: not within ${ms} ms`);
};

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** The environment up.sh gave the instances (deploy/local/up.sh writes it to palco.env). */
const palcoEnv = () =>
  Object.fromEntries(
    readFileSync(join(STATE, 'palco.env'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
/** Instances this file started again (after a kill): their processes, to see how they exit. */
const children = new Map<number, ChildProcess>();
/** Starts instance `n` again as up.sh does (its own process group, so down.sh stops it), until ready. */
async function startApp(n: 1 | 2): Promise<ChildProcess> {
  const p = ports();
  const port = n === 1 ? p.APP1_PORT! : p.APP2_PORT!;
  const log = openSync(join(STATE, `logs/app${n}.log`), 'a');
  const child = spawn(join(ROOT, 'bin/serve'), [], {
    env: {
      ...process.env,
      ...palcoEnv(),
      PORT: port,
      DATA_DIR: join(STATE, `app${n}`),
      INGEST_PORT: n === 1 ? p.RTMP_PORT! : 'off',
    },
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  writeFileSync(join(STATE, `pids/app${n}.pid`), String(child.pid));
  children.set(n, child);
  await until(
    `instance ${n} ready`,
    async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200,
    120_000,
  );
  return child;
}
const appPid = (n: 1 | 2) => Number(readFileSync(join(STATE, `pids/app${n}.pid`), 'utf8'));
/** How many requests to `path` instance `n` logged ("incoming request", Fastify's request log). */
const logged = (n: 1 | 2, path: string) =>
  readFileSync(join(STATE, `logs/app${n}.log`), 'utf8')
    .split('\n')
    .filter((line) => line.includes('incoming request') && line.includes(path)).length;
/** The mails the SMTP server has written (aiosmtpd's Maildir). */
const mails = () => {
  const dir = join(STATE, 'mail/new');
  return existsSync(dir) ? readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8')) : [];
};
const smtp = (action: 'stop' | 'start') => {
  const file = join(STATE, 'pids/smtp.pid');
  if (action === 'stop') {
    const pid = Number(readFileSync(file, 'utf8'));
    process.kill(-pid, 'SIGKILL');
    return;
  }
  const log = openSync(join(STATE, 'logs/smtp.log'), 'a');
  const child = spawn(
    '/usr/bin/python3',
    [
      '-m',
      'aiosmtpd',
      '-n',
      '-l',
      `127.0.0.1:${ports().SMTP_PORT}`,
      '-c',
      'aiosmtpd.handlers.Mailbox',
      join(STATE, 'mail'),
    ],
    { detached: true, stdio: ['ignore', log, log] },
  );
  closeSync(log);
  child.unref();
  writeFileSync(file, String(child.pid));
};
/** Noise video (it does not compress): `seconds` of 320×240 at 25 fps, about 2.9 MB a second. */
async function noiseVideo(path: string, seconds: number): Promise<Buffer> {
  await run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `nullsrc=s=320x240:r=25:d=${seconds},geq=random(1)*255:128:128`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-qp',
    '0',
    '-pix_fmt',
    'yuv420p',
    path,
  ]);
  return readFileSync(path);
}
/** One chunk of `file` (bytes start..end) as the console sends it: multipart `file`, Content-Range. */
function chunkArgs(file: Buffer, start: number, end: number, name: string, extra: string[] = []): string[] {
  const path = join(STATE, name);
  writeFileSync(path, file.subarray(start, end + 1));
  return [
    '-H',
    `content-range: bytes ${start}-${end}/${file.length}`,
    '-F',
    `file=@${path};type=application/octet-stream`,
    ...extra,
  ];
}
/** The upload's pieces in the bucket (docs/storage.md "Uploads"), as the instances see them. */
async function bucketPieces(videoId: string) {
  const { S3_PORT } = ports();
  const env = palcoEnv();
  process.env.AWS_ACCESS_KEY_ID = env.AWS_ACCESS_KEY_ID;
  process.env.AWS_SECRET_ACCESS_KEY = env.AWS_SECRET_ACCESS_KEY;
  const config = {
    kind: 's3' as const,
    bucket: env.S3_BUCKET!,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${S3_PORT}`,
    forcePathStyle: true,
    delivery: 'server' as const,
    cdnUrl: undefined,
    presignedSeconds: 300,
  };
  const bucket = new S3Storage(s3Client(config), config, 'uploads/', join(STATE, 'scratch'));
  const listed = await bucket.list(videoId);
  const pieces = [];
  for (const file of listed) {
    const match = /\/(\d{15})-(\d{15})-[0-9a-f-]{36}$/.exec(file.key);
    const stored = await bucket.open(file.key);
    const parts: Buffer[] = [];
    for await (const part of stored!.stream) parts.push(part as Buffer);
    pieces.push({
      start: Number(match?.[1] ?? -1),
      length: Number(match?.[2] ?? -1),
      size: file.size,
      bytes: Buffer.concat(parts),
    });
  }
  return pieces.sort((a, b) => a.start - b.start);
}

/** The bucket's process (s3rver, started by up.sh in its own process group): killed, or started again
 * as up.sh does (its command line, port and folder) until it answers. */
const bucket = async (action: 'stop' | 'start') => {
  const file = join(STATE, 'pids/s3.pid');
  if (action === 'stop') {
    process.kill(-Number(readFileSync(file, 'utf8')), 'SIGKILL');
    return;
  }
  const { S3_PORT } = ports();
  const log = openSync(join(STATE, 'logs/s3.log'), 'a');
  const child = spawn(
    join(ROOT, 'node_modules/.bin/s3rver'),
    ['-d', join(STATE, 's3'), '-a', '127.0.0.1', '-p', S3_PORT!, '--configure-bucket', 'palco-media'],
    { detached: true, stdio: ['ignore', log, log] },
  );
  closeSync(log);
  child.unref();
  writeFileSync(file, String(child.pid));
  await until('the bucket', async () => (await fetch(`http://127.0.0.1:${S3_PORT}/`)).status > 0, 20_000);
};
/** A live started through the API and fed by a real RTMP encoder, until its variant playlist names a segment. */
async function startLive(token: string, name: string, seconds: number) {
  const created = await request(`/v1/live-streams?accountId=${DEMO}`, {
    json: { nome: name, scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString() },
    token,
  });
  expect(created.status, created.body).toBe(201);
  const live = JSON.parse(created.body) as { id: string; signals: { key: string }[] };
  const started = await request(`/v1/live-streams/${live.id}/control/start?accountId=${DEMO}`, {
    method: 'PUT',
    token,
  });
  expect(started.status, started.body).toBe(200);
  const encoder = publishTestSignal(
    `rtmp://127.0.0.1:${ports().RTMP_PORT}/live/${live.signals[0]!.key}`,
    seconds,
  );
  let variant: URL | undefined;
  await until(
    'the live variant playlist',
    async () => {
      const info = await request(`/v1/public/lives/${live.id}/playback?origin=${encodeURIComponent(BASE)}`);
      const url = (JSON.parse(info.body) as { manifestUrl?: string | null }).manifestUrl;
      if (!url) return false;
      const manifest = new URL(url, BASE);
      const master = await request(manifest.pathname + manifest.search);
      const line = master.body.split('\n').find((l) => l.endsWith('.m3u8'));
      if (master.status !== 200 || !line) return false;
      variant = new URL(line, manifest);
      const playlist = await request(variant.pathname + variant.search);
      return playlist.status === 200 && playlist.body.includes('#EXTINF');
    },
    60_000,
  );
  return { liveId: live.id, encoder, variant: variant! };
}
/** A live playlist's segments: their media sequence numbers and paths. */
function segmentsOf(body: string, playlist: URL): { sequence: number; path: string }[] {
  const first = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(body)?.[1] ?? 0);
  return body
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line, i) => ({ sequence: first + i, path: new URL(line, playlist).pathname }));
}

describe.skipIf(!wanted)('the production topology under faults', () => {
  let token = '';
  let canRun = true;
  beforeAll(async () => {
    await run(join(ROOT, 'deploy/local/down.sh'), ['--purge'], { env });
    const up = await run(join(ROOT, 'deploy/local/up.sh'), [], { env, timeout: 540_000 }).catch(
      (error: { stdout?: string; stderr?: string }) => {
        if (!nginxThere()) {
          canRun = false;
          console.warn(`deploy-faults: skipped, nginx could not be installed: ${error.stderr ?? ''}`);
          return { stdout: '' };
        }
        throw new Error(`up.sh failed: ${error.stderr ?? ''}`);
      },
    );
    if (canRun) expect(up.stdout).toContain(`READY ${BASE}`);
  }, 600_000);
  afterAll(async () => {
    await run(join(ROOT, 'deploy/local/down.sh'), [], { env }).catch(() => {});
  }, 60_000);

  /** Signs in once, and starts again any instance an earlier test left stopped. */
  async function bothInstancesUp() {
    token ||= (await signIn()).token;
    for (const n of [1, 2] as const) if (!alive(appPid(n))) await startApp(n);
  }

  /** A new VOD of the signed-in team, created through the proxy: its id. */
  async function createVideo(title: string): Promise<string> {
    const created = await request('/v1/videos/vod', { json: { title }, token });
    expect(created.status, created.body).toBe(201);
    return (JSON.parse(created.body) as { id: string }).id;
  }

  /** A webhook receiver on this machine (up.sh sets WEBHOOK_ALLOW_PRIVATE for the local topology): the
   * bodies it got, in order. `answer` sends each response (at once, by default); `close` ends it. */
  async function webhookReceiver(answer = (res: ServerResponse, _nth: number) => void res.end('ok')) {
    const received: string[] = [];
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const parts: Buffer[] = [];
      req.on('data', (part: Buffer) => parts.push(part));
      req.on('end', () => {
        received.push(Buffer.concat(parts).toString('utf8'));
        answer(res, received.length);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const close = () => {
      server.closeAllConnections();
      server.close();
    };
    return { received, url, close };
  }

  /** The team's webhook for `upload.completed` to `url`: its id. */
  async function subscribeUploads(url: string): Promise<string> {
    const hook = await request(`/v1/webhooks?accountId=${DEMO}`, {
      json: { url, events: ['upload.completed'] },
      token,
    });
    expect(hook.status, hook.body).toBe(201);
    return (JSON.parse(hook.body) as { webhook: { id: string } }).webhook.id;
  }

  /** A one-second noise video sent whole (one request, so its upload completes and `upload.completed`
   * is raised). */
  async function uploadWhole(videoId: string, name: string): Promise<void> {
    const file = join(STATE, name);
    await noiseVideo(file, 1);
    const sent = await request(`/v1/videos/${videoId}/source`, {
      method: 'POST',
      token,
      args: ['-F', `file=@${file};type=video/mp4`],
    });
    expect(sent.status, sent.body).toBe(202);
  }

  it('signs in over HTTPS and HTTP/2 through nginx, spread over both instances', async ({ skip }) => {
    if (!canRun) skip();
    const { res, token: t } = await signIn();
    token = t;
    expect(res.status).toBe(200);
    expect(res.httpVersion).toBe('2');
    const served = new Set<string>();
    for (let i = 0; i < 6; i++) served.add((await request('/readyz')).headers['x-served-by'] ?? '');
    const { APP1_PORT, APP2_PORT } = ports();
    expect([...served].sort()).toEqual([`127.0.0.1:${APP1_PORT}`, `127.0.0.1:${APP2_PORT}`].sort());
  });

  it('serves a segment from the proxy cache the second time, and still refuses it without a valid token', async ({
    skip,
  }) => {
    if (!canRun) skip();
    const videoId = await createVideo('Cache');
    const source = join(STATE, 'clip.mp4');
    await run('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25:duration=4',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=4',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-shortest',
      source,
    ]);
    const sent = await request(`/v1/videos/${videoId}/source`, {
      method: 'POST',
      token,
      args: ['-F', `file=@${source};type=video/mp4`],
    });
    expect(sent.status, sent.body).toBe(202);
    await until(
      'the transcode',
      async () => JSON.parse((await request(`/v1/videos/${videoId}`, { token })).body).status === 'ready',
      120_000,
    );
    const info = await request(`/v1/public/videos/${videoId}/playback?origin=${encodeURIComponent(BASE)}`);
    expect(info.status, info.body).toBe(200);
    const manifest = new URL((JSON.parse(info.body) as { manifestUrl: string }).manifestUrl, BASE);
    const master = await request(manifest.pathname + manifest.search);
    expect(master.status).toBe(200);
    const variant = new URL(master.body.split('\n').find((l) => l.endsWith('.m3u8'))!, manifest);
    const playlist = await request(variant.pathname);
    const segment = new URL(playlist.body.split('\n').find((l) => l && !l.startsWith('#'))!, variant)
      .pathname;
    const first = await request(segment);
    const second = await request(segment);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers['x-cache-status']).toBe('MISS');
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(second.body.length).toBe(first.body.length);
    // The token is the path segment after the video id: forged, or taken off, the cache gives nothing.
    const parts = segment.split('/');
    const forged = [...parts];
    forged[4] = `${parts[4]!.split('.')[0]}.${'0'.repeat(43)}`;
    const refused = await request(forged.join('/'));
    expect(refused.status).toBe(403);
    expect(refused.headers['x-cache-status']).not.toBe('HIT');
    const without = await request([...parts.slice(0, 4), ...parts.slice(5)].join('/'));
    expect([403, 404]).toContain(without.status);
  }, 180_000);

  it('keeps answering on the other instance when one is killed (-9)', async ({ skip }) => {
    if (!canRun) skip();
    const pid = Number(readFileSync(join(STATE, 'pids/app1.pid'), 'utf8'));
    process.kill(pid, 'SIGKILL');
    await until(
      'the instance to die',
      async () => {
        try {
          process.kill(pid, 0);
          return false;
        } catch {
          return true;
        }
      },
      10_000,
    );
    const { APP2_PORT } = ports();
    for (let i = 0; i < 6; i++) {
      const me = await request('/bff/me', { token });
      expect(me.status, me.body).toBe(200);
      expect(me.headers['x-served-by']).toContain(`127.0.0.1:${APP2_PORT}`);
    }
    expect((await signIn()).res.status).toBe(200);
  });

  it('answers /readyz 503 and a clean error, without hanging, while PostgreSQL is stopped, and recovers', async ({
    skip,
  }) => {
    if (!canRun) skip();
    await pgCtl('stop');
    try {
      const ready = await request('/readyz');
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toMatchObject({ ready: false, checks: { database: 'unreachable' } });
      expect(ready.seconds).toBeLessThan(10);
      const login = await signIn();
      // A 503 in the user's language, not a 500 and not nginx's 502.
      expect(login.res.status).toBe(503);
      expect(JSON.parse(login.res.body)).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'Serviço indisponível',
      });
      expect(login.res.seconds).toBeLessThan(15);
    } finally {
      await pgCtl('start');
    }
    await until('/readyz after the restart', async () => (await request('/readyz')).status === 200, 30_000);
    expect((await signIn()).res.status).toBe(200);
  }, 90_000);
  it('completes a chunked upload through the other instance when the one receiving a chunk is killed (-9)', async ({
    skip,
  }) => {
    if (!canRun) skip();
    // The instance killed above comes back first: both take requests again.
    if (!alive(appPid(1))) await startApp(1);
    const videoId = await createVideo('Kill -9');
    const file = await noiseVideo(join(STATE, 'noise.mp4'), 1);
    const first = 1024 * 1024;
    const path = `/v1/videos/${videoId}/source`;
    const one = await request(path, { method: 'POST', token, args: chunkArgs(file, 0, first - 1, 'c1') });
    expect(one.status, one.body).toBe(201);
    // The second chunk, slowed down so it is in flight: the instance that logs it is killed.
    const before = { 1: logged(1, path), 2: logged(2, path) };
    const inFlight = request(path, {
      method: 'POST',
      token,
      args: chunkArgs(file, first, file.length - 1, 'c2', ['--limit-rate', '200k']),
    }).catch((error: unknown) => error);
    let receiver: 1 | 2 | 0 = 0;
    await until(
      'the chunk to reach an instance',
      async () => {
        receiver = logged(1, path) > before[1] ? 1 : logged(2, path) > before[2] ? 2 : 0;
        return receiver !== 0;
      },
      10_000,
    );
    await sleep(1_500);
    const victim = receiver as 1 | 2;
    const pid = appPid(victim);
    process.kill(pid, 'SIGKILL');
    await until('the instance to die', async () => !alive(pid), 10_000);
    const cut = await inFlight;
    // What the console sees: a failed request (nginx's 502, or the connection cut), retried.
    if (!(cut instanceof Error)) expect((cut as Answer).status).toBeGreaterThanOrEqual(500);

    // As the console resumes: the server's offset (from the other instance), then the rest from it.
    const state = await request(path, { token });
    expect(state.status, state.body).toBe(200);
    const { offset } = JSON.parse(state.body) as { offset: number };
    expect(offset).toBe(first);
    const rest = await request(path, {
      method: 'POST',
      token,
      // The killed instance's lease on the upload (20 s) runs out first (docs/api-videos.md).
      args: [...chunkArgs(file, offset, file.length - 1, 'c3'), '--max-time', '60'],
    });
    expect(rest.status, rest.body).toBe(202);

    // In the bucket: the whole pieces are the two chunks, once each, and join to the source.
    const pieces = (await bucketPieces(videoId)).filter((piece) => piece.size === piece.length);
    expect(pieces.map((piece) => [piece.start, piece.size])).toEqual([
      [0, first],
      [first, file.length - first],
    ]);
    expect(sha256(Buffer.concat(pieces.map((piece) => piece.bytes)))).toBe(sha256(file));
    await until(
      'the transcode',
      async () => JSON.parse((await request(`/v1/videos/${videoId}`, { token })).body).status === 'ready',
      180_000,
    );
    await startApp(victim);
  }, 300_000);

  it('sends a mail asked for while the SMTP server is down once it is back', async ({ skip }) => {
    if (!canRun) skip();
    smtp('stop');
    const before = mails().length;
    try {
      const asked = await request('/bff/forget-password/send-email', { json: { email: 'owner@palco.test' } });
      expect(asked.status, asked.body).toBe(202);
      await sleep(8_000);
      expect(mails().length).toBe(before);
    } finally {
      smtp('start');
    }
    await until('the mail', async () => mails().length > before, 90_000);
    expect(mails().some((text) => /^To: owner@palco\.test/m.test(text))).toBe(true);
  }, 150_000);

  it('runs the jobs queued right before a PostgreSQL restart (a transcode, a mail) without restarting Palco', async ({
    skip,
  }) => {
    if (!canRun) skip();
    const videoId = await createVideo('Restart');
    const before = mails().length;
    const sent = await request(`/v1/videos/${videoId}/source`, {
      method: 'POST',
      token,
      args: ['-F', `file=@${join(STATE, 'clip.mp4')};type=video/mp4`],
    });
    expect(sent.status, sent.body).toBe(202);
    const asked = await request('/bff/forget-password/send-email', { json: { email: 'owner@palco.test' } });
    expect(asked.status, asked.body).toBe(202);
    await pgCtl('stop');
    await sleep(3_000);
    await pgCtl('start');
    await until(
      'the transcode after the restart',
      async () => JSON.parse((await request(`/v1/videos/${videoId}`, { token })).body).status === 'ready',
      180_000,
    );
    await until('the mail after the restart', async () => mails().length > before, 90_000);
  }, 300_000);

  it('delivers a webhook sent across a PostgreSQL restart to its receiver once, without restarting Palco', async ({
    skip,
  }) => {
    if (!canRun) skip();
    token ||= (await signIn()).token;
    // A receiver on this machine (up.sh sets WEBHOOK_ALLOW_PRIVATE for the local topology). It holds
    // the first delivery's answer until PostgreSQL is stopped, so the instance must record what it
    // sent while the database is away (docs/operations.md "Webhooks across a PostgreSQL restart").
    let held: ServerResponse | undefined;
    const receiver = await webhookReceiver((res, nth) => {
      if (nth === 1) held = res;
      else res.end('ok');
    });
    const { received } = receiver;
    try {
      const hookId = await subscribeUploads(receiver.url);
      const videoId = await createVideo('Webhook restart');
      // The event: the upload's last byte arrived; its delivery is queued and sent at once.
      await uploadWhole(videoId, 'hook.mp4');
      await until('the delivery to reach the receiver', async () => held !== undefined, 30_000);
      await pgCtl('stop');
      try {
        // The receiver takes it (200) while PostgreSQL is down.
        held!.end('ok');
        await sleep(3_000);
      } finally {
        await pgCtl('start');
      }
      const deliveries = async () => {
        const listed = await request(`/v1/webhooks/${hookId}/deliveries?accountId=${DEMO}`, { token });
        return (JSON.parse(listed.body) as { deliveries: { status: string; attempts: number }[] }).deliveries;
      };
      await until(
        'the delivery recorded',
        async () => (await deliveries())[0]?.status === 'success',
        120_000,
      );
      // A retry (30 s later, doubling) would come within this wait if the delivery were not recorded.
      await sleep(5_000);
      expect(received.length).toBe(1);
      expect(JSON.parse(received[0]!)).toMatchObject({
        event: 'upload.completed',
        data: { video_id: videoId },
      });
      expect(await deliveries()).toMatchObject([{ status: 'success', attempts: 1 }]);
    } finally {
      receiver.close();
    }
  }, 240_000);

  it('passes an RTMP live to viewers through the proxy cache, its events through the account socket, and the client address to Palco', async ({
    skip,
  }) => {
    if (!canRun) skip();
    await bothInstancesUp();
    // The console's account socket over wss:// through nginx (the /ws/ location upgrades it).
    const socket = await AccountClient.connect(`wss://127.0.0.1:${PORT}`, DEMO, token, undefined, {
      ca: readFileSync(join(STATE, 'tls/cert.pem')),
    });
    let encoder: ChildProcess | undefined;
    try {
      // From another loopback address: nginx names it in X-Forwarded-For, and Palco trusts nginx
      // (TRUST_PROXY), so the instance logs the viewer's address, not the proxy's (docs/deployment.md).
      const created = await request(`/v1/live-streams?accountId=${DEMO}`, {
        json: {
          nome: 'Ao vivo pelo proxy',
          scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
        },
        token,
        args: ['--interface', '127.0.0.23'],
      });
      expect(created.status, created.body).toBe(201);
      const live = JSON.parse(created.body) as { id: string; signals: { key: string }[] };
      const seen = (n: 1 | 2) =>
        readFileSync(join(STATE, `logs/app${n}.log`), 'utf8').includes('"remoteAddress":"127.0.0.23"');
      expect(seen(1) || seen(2)).toBe(true);
      const started = await request(`/v1/live-streams/${live.id}/control/start?accountId=${DEMO}`, {
        method: 'PUT',
        token,
      });
      expect(started.status, started.body).toBe(200);
      await socket.waitFor(
        (e) => e.evento === 'live_status' && (e as { live_id?: string }).live_id === live.id,
      );
      // The encoder pushes to the ingesting instance (RTMP is not proxied: docs/deployment.md).
      encoder = publishTestSignal(`rtmp://127.0.0.1:${ports().RTMP_PORT}/live/${live.signals[0]!.key}`, 40);
      let manifest: URL | undefined;
      await until(
        'the live manifest',
        async () => {
          const info = await request(
            `/v1/public/lives/${live.id}/playback?origin=${encodeURIComponent(BASE)}`,
          );
          const url = (JSON.parse(info.body) as { manifestUrl?: string | null }).manifestUrl;
          if (url) manifest = new URL(url, BASE);
          return Boolean(url);
        },
        60_000,
      );
      let segment = '';
      await until(
        'a live segment',
        async () => {
          const master = await request(manifest!.pathname + manifest!.search);
          const variant = new URL(master.body.split('\n').find((l) => l.endsWith('.m3u8'))!, manifest);
          const playlist = await request(variant.pathname + variant.search);
          const line = playlist.body.split('\n').find((l) => l && !l.startsWith('#'));
          if (line) segment = new URL(line, variant).pathname;
          return Boolean(line);
        },
        60_000,
      );
      // Many viewers, one fetch from Palco: the repeat is nginx's (X-Cache-Status: HIT).
      const first = await request(segment);
      const second = await request(segment);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(first.body.length).toBeGreaterThan(0);
      expect(first.headers['x-cache-status']).toBe('MISS');
      expect(second.headers['x-cache-status']).toBe('HIT');
      expect(second.body.length).toBe(first.body.length);
    } finally {
      encoder?.kill('SIGKILL');
      socket.close();
    }
  }, 240_000);

  it('on SIGTERM stops taking requests, finishes the upload in flight, closes sockets with 1012 and exits 0', async ({
    skip,
  }) => {
    if (!canRun) skip();
    for (const n of [1, 2] as const) if (!alive(appPid(n))) await startApp(n);
    // The instance stopped is one this file started, so its exit code can be seen.
    const child = children.get(1) ?? (await startApp(1));
    const { APP1_PORT, APP2_PORT } = ports();
    const direct = `http://127.0.0.1:${APP1_PORT}`;
    const socket = await AccountClient.connect(`ws://127.0.0.1:${APP1_PORT}`, DEMO, token);
    const videoId = await createVideo('SIGTERM');
    const file = await noiseVideo(join(STATE, 'noise-term.mp4'), 1);
    // The whole file as one chunk, sent slowly (about 10 s) straight to the instance that is stopped.
    const path = join(STATE, 'term.bin');
    writeFileSync(path, file);
    const upload = run(
      'curl',
      [
        '-sS',
        '-w',
        '%{http_code}',
        '-o',
        '/dev/null',
        '--limit-rate',
        `${Math.ceil(file.length / 10)}`,
        '-H',
        `authorization: Bearer ${token}`,
        '-H',
        `content-range: bytes 0-${file.length - 1}/${file.length}`,
        '-F',
        `file=@${path};type=application/octet-stream`,
        `${direct}/v1/videos/${videoId}/source`,
      ],
      { timeout: 60_000 },
    );
    await sleep(2_000);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const stopped = Date.now();
    child.kill('SIGTERM');
    expect((await socket.closed).code).toBe(1012);
    // Meanwhile nginx sends everything to the other instance, without an error.
    for (let i = 0; i < 6; i++) {
      const me = await request('/bff/me', { token });
      expect(me.status, me.body).toBe(200);
      expect(me.headers['x-served-by']).toContain(`127.0.0.1:${APP2_PORT}`);
    }
    expect((await upload).stdout).toBe('202');
    expect(await exited).toBe(0);
    expect(Date.now() - stopped).toBeLessThan(25_000 + 12_000);
    await startApp(1);
  }, 180_000);
  it('loses nothing when the bucket is unreachable for 10 s: a chunked upload through nginx and an RTMP live both retry', async ({
    skip,
  }) => {
    if (!canRun) skip();
    await bothInstancesUp();
    const { encoder, variant } = await startLive(token, 'Sem balde', 90);
    // Every segment the live's playlist (read from the bucket through nginx) named, by its sequence.
    const named = new Map<number, string>();
    const fetched = new Map<string, number>();
    // Set once the bucket is back (an object: the watcher below reads it as it changes).
    const bucketBack = { now: false };
    let back: Promise<void> | undefined;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const playlist = await request(variant.pathname + variant.search).catch(() => null);
        if (playlist?.status === 200) {
          for (const segment of segmentsOf(playlist.body, variant)) {
            named.set(segment.sequence, segment.path);
            // A viewer fetches each segment it is told of: from the bucket, through nginx.
            if (bucketBack.now && !fetched.has(segment.path))
              fetched.set(segment.path, (await request(segment.path)).status);
          }
        }
        await sleep(1_000);
      }
    })();
    try {
      const videoId = await createVideo('Sem balde');
      const file = await noiseVideo(join(STATE, 'outage.mp4'), 1);
      const chunk = 512 * 1024;
      const path = `/v1/videos/${videoId}/source`;
      const first = await request(path, { method: 'POST', token, args: chunkArgs(file, 0, chunk - 1, 'o0') });
      expect(first.status, first.body).toBe(201);
      const lastBefore = Math.max(...named.keys());

      // The bucket goes away for 10 s while the next chunk is on its way to it (sent slowly, about 5 s);
      // the upload goes on as the console does it (docs/uploads.md): on a 503 it waits Retry-After,
      // asks the server's offset and sends from there.
      const answers: number[] = [];
      let offset = chunk;
      let done: Answer | undefined;
      const deadline = Date.now() + 120_000;
      while (!done && Date.now() < deadline) {
        const end = Math.min(offset + chunk, file.length) - 1;
        const cut = back === undefined;
        const sending = request(path, {
          method: 'POST',
          token,
          args: chunkArgs(file, offset, end, 'o1', cut ? ['--limit-rate', '100k'] : []),
        });
        if (cut) {
          await sleep(1_500);
          await bucket('stop');
          back = sleep(10_000).then(async () => {
            await bucket('start');
            bucketBack.now = true;
          });
        }
        const sent = await sending;
        answers.push(sent.status);
        if (sent.status === 202) done = sent;
        else if (sent.status === 201) offset = end + 1;
        else {
          expect(sent.status, sent.body).toBe(503);
          await sleep(Number(sent.headers['retry-after'] ?? 2) * 1000);
          const state = await request(path, { token });
          if (state.status === 200) offset = (JSON.parse(state.body) as { offset: number }).offset;
          else expect(state.status, state.body).toBe(503);
        }
      }
      await back;
      // The chunk cut by the outage was answered 503 (try again), and the upload completed after it.
      expect(answers[0]).toBe(503);
      expect(done?.status).toBe(202);
      const pieces = (await bucketPieces(videoId)).filter((piece) => piece.size === piece.length);
      expect(sha256(Buffer.concat(pieces.map((piece) => piece.bytes)))).toBe(sha256(file));
      expect(pieces.reduce((sum, piece) => sum + piece.size, 0)).toBe(file.length);

      // The live: after the bucket is back, its playlist goes on past the outage (4 s segments) with
      // no sequence missing, and every segment it names is in the bucket.
      await until(
        'the live past the outage',
        async () => Math.max(...named.keys()) >= lastBefore + 6,
        60_000,
      );
      const sequences = [...named.keys()].sort((a, b) => a - b);
      expect(sequences.length).toBeGreaterThan(6);
      expect(sequences.at(-1)! - sequences[0]! + 1).toBe(sequences.length);
      expect(fetched.size).toBeGreaterThan(0);
      expect([...fetched].filter(([, status]) => status !== 200)).toEqual([]);
    } finally {
      watching = false;
      await watch;
      encoder.kill('SIGKILL');
      // The bucket is up again for the next tests, even when this one failed midway.
      await back;
    }
  }, 300_000);

  it('streams a body over 64 MB to Palco on the upload path, and refuses it with 413 elsewhere', async ({
    skip,
  }) => {
    if (!canRun) skip();
    await bothInstancesUp();
    const videoId = await createVideo('Grande');
    // 70 MB as a sparse file: curl streams it from disk (-F file=@…), nothing holds it in memory.
    const size = 70 * 1024 * 1024;
    const big = join(STATE, 'big.bin');
    closeSync(openSync(big, 'w'));
    truncateSync(big, size);
    const file = `file=@${big};type=application/octet-stream`;
    // One chunk of an upload (the console's chunks are 8 MB; an API client may send up to 128 MiB).
    const chunk = await request(`/v1/videos/${videoId}/source`, {
      method: 'POST',
      token,
      args: ['-H', `content-range: bytes 0-${size - 1}/${size + 1}`, '-F', file, '--max-time', '120'],
    });
    expect(chunk.status, chunk.body).toBe(201);
    expect(JSON.parse(chunk.body)).toMatchObject({ offset: size, complete: false });
    const state = await request(`/v1/videos/${videoId}/source`, { token });
    expect(JSON.parse(state.body)).toMatchObject({ offset: size });
    // The same body elsewhere: nginx's own limit (client_max_body_size 64m) refuses it.
    // (nginx may answer before reading the body and reset the stream: curl's exit code is not looked at.)
    const elsewhere = await run('curl', [
      ...['-sS', '--cacert', join(STATE, 'tls/cert.pem'), '-o', '-', '-w', '\n%{http_code}', '-X', 'PATCH'],
      ...['-H', `authorization: Bearer ${token}`, '-F', file, '--max-time', '120'],
      `${BASE}/v1/videos/${videoId}`,
    ]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    expect(elsewhere.stdout.trim().split('\n').at(-1)).toBe('413');
    // nginx's own page, not Palco's JSON: the proxy refused it before Palco saw it.
    expect(elsewhere.stdout).toContain('413 Request Entity Too Large');
  }, 240_000);

  it('delivers a webhook event raised while PostgreSQL goes down once it is back', async ({ skip }) => {
    if (!canRun) skip();
    await bothInstancesUp();
    const receiver = await webhookReceiver();
    const { received } = receiver;
    const { PGBIN, PG_PORT } = ports();
    const psql = (query: string) =>
      run(`${PGBIN}/psql`, [
        '-h',
        '127.0.0.1',
        '-p',
        PG_PORT!,
        '-U',
        'postgres',
        '-d',
        'palco',
        '-tAc',
        query,
      ]);
    let holder: ChildProcess | undefined;
    try {
      await subscribeUploads(receiver.url);
      const videoId = await createVideo('Evento sem banco');
      // The event must be in flight when PostgreSQL goes away: a session holds a lock on the
      // endpoints' table, so the instance's look-up of the event's endpoints waits on it; stopping
      // PostgreSQL then ends that look-up with a connection error, as an outage would.
      holder = spawn(`${PGBIN}/psql`, ['-h', '127.0.0.1', '-p', PG_PORT!, '-U', 'postgres', '-d', 'palco'], {
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      holder.stdin!.write('begin; lock table webhooks in access exclusive mode;\n');
      await until(
        'the lock',
        async () =>
          (
            await psql(
              "select count(*) from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'webhooks' and l.granted and l.mode = 'AccessExclusiveLock'",
            )
          ).stdout.trim() === '1',
        10_000,
      );
      await uploadWhole(videoId, 'event.mp4');
      await until(
        "the event's look-up waiting",
        async () =>
          Number(
            (
              await psql(
                "select count(*) from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'webhooks' and not l.granted",
              )
            ).stdout.trim(),
          ) > 0,
        10_000,
      );
      await pgCtl('stop');
      try {
        await sleep(5_000);
      } finally {
        await pgCtl('start');
      }
      await until(
        'the event delivered after the restart',
        async () => received.some((body) => JSON.parse(body).event === 'upload.completed'),
        60_000,
      );
      expect(received.map((body) => JSON.parse(body))).toMatchObject([
        { event: 'upload.completed', data: { video_id: videoId } },
      ]);
    } finally {
      holder?.kill('SIGKILL');
      receiver.close();
    }
  }, 240_000);
});
