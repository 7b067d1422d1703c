import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
    const created = await request('/v1/videos/vod', { json: { title: 'Cache' }, token });
    expect(created.status, created.body).toBe(201);
    const videoId = (JSON.parse(created.body) as { id: string }).id;
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
});
