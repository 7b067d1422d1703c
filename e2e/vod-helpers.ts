import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from './support/env';

/** localStorage key of the console's test-only chunk size switch (docs/uploads.md). */
export const CHUNK_KEY = 'palco-upload-chunk-bytes';

const dir = mkdtempSync(join(tmpdir(), 'palco-vod-e2e-'));

/** A real video made by ffmpeg (the server probes and transcodes it). `bitrate` makes it bigger. */
export function makeVideo(
  name: string,
  { size = '640x360', seconds = 4, bitrate = '1M', source = 'testsrc' } = {},
) {
  const path = join(dir, name);
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `${source}=size=${size}:rate=25`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100', '-t', String(seconds), '-shortest'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50'],
    // Constant bitrate with padding: the file has the size the test asks for.
    ...[
      '-b:v',
      bitrate,
      '-minrate',
      bitrate,
      '-maxrate',
      bitrate,
      '-bufsize',
      '2M',
      '-x264-params',
      'nal-hrd=cbr',
    ],
    ...['-c:a', 'aac'],
    path,
  ]);
  return { path, name, size: statSync(path).size };
}

/** A one-frame PNG made by ffmpeg. */
export function makePng(name: string) {
  const path = join(dir, name);
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=purple:s=64x36',
    '-frames:v',
    '1',
    path,
  ]);
  return path;
}

export const sha256 = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

/** The source file as the server stored it (DATA_DIR/uploads/<id>.source of the e2e server). */
export const storedSource = (videoId: string) =>
  readFileSync(resolve(E2E_DATA_DIR, 'uploads', `${videoId}.source`));

/** Where the server's upload stands, asked the way the console asks (the upload host). */
export async function uploadState(
  from: Page | APIRequestContext,
  token: string,
  videoId: string,
  accountId: string,
) {
  const request = 'request' in from ? from.request : from;
  const res = await request.get(`/upload/v1/videos/${videoId}/source`, {
    headers: { Authorization: `Bearer ${token}` },
    params: { accountId },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { offset: number; total: number | null; complete: boolean };
}

/** The server's upload state once its offset has stopped moving (two reads a second apart agree): a
 * chunk that was on the wire when the page closed or the network went may still land first. */
export async function settledUploadState(
  from: Page | APIRequestContext,
  token: string,
  videoId: string,
  accountId: string,
) {
  let last = await uploadState(from, token, videoId, accountId);
  await expect
    .poll(
      async () => {
        const now = await uploadState(from, token, videoId, accountId);
        const still = now.offset === last.offset;
        last = now;
        return still;
      },
      { intervals: [1000], timeout: 15_000 },
    )
    .toBe(true);
  return last;
}

/** The VOD library (`openLibrary`) with the console's test-only chunk size set (CHUNK_KEY) before its
 * scripts run. */
export async function openLibraryInChunks(page: Page, chunkBytes: number, origin = '') {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    CHUNK_KEY,
    String(chunkBytes),
  ] as const);
  await openLibrary(page, `${origin}/vod/dashboard`);
}

export async function deleteVideo(
  request: APIRequestContext,
  token: string,
  videoId: string,
  accountId: string,
) {
  await request.delete(`/v1/videos/${videoId}`, {
    headers: { Authorization: `Bearer ${token}` },
    params: { accountId },
  });
}

/** A library video's table row (1280 px layout). */
export const videoRow = (page: Page, videoId: string) =>
  page.locator(`[data-testid="video-row"][data-video-id="${videoId}"]`);

/**
 * For a spec's top level: videos it creates are deleted after each test. `createContent` makes a
 * content through the API (no upload), enough for editing, deleting or failing it; `cleanup` takes
 * videos made another way (an upload through the page).
 */
export function libraryContents() {
  const cleanup: Array<{ token: string; teamId: string; videoId: string }> = [];
  test.afterEach(async ({ request }) => {
    for (const { token, teamId, videoId } of cleanup.splice(0))
      await deleteVideo(request, token, videoId, teamId);
  });
  async function createContent(request: APIRequestContext, token: string, teamId: string, title: string) {
    const res = await request.post('/v1/contents', {
      headers: { Authorization: `Bearer ${token}` },
      params: { accountId: teamId },
      data: { title, directoryId: null, accountId: teamId },
    });
    expect(res.status()).toBe(201);
    const { videoId } = (await res.json()) as { videoId: string };
    cleanup.push({ token, teamId, videoId });
    return videoId;
  }
  return { cleanup, createContent };
}

/**
 * Every chunk POST the browser sends (any page of the context), with its Content-Range. Counted in a
 * route handler, which every request passes before it may leave: a request event can be lost when a
 * page closes right after the request starts, a routed request cannot.
 */
export async function recordChunks(context: BrowserContext) {
  const chunks: Array<{ start: number; end: number; total: number }> = [];
  let simple = 0;
  await context.route(/\/v1\/videos\/[^/]+\/source/, async (route) => {
    const request = route.request();
    if (request.method() === 'POST') {
      const range = request.headers()['content-range'];
      const m = range ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range) : null;
      if (m) chunks.push({ start: Number(m[1]), end: Number(m[2]), total: Number(m[3]) });
      else simple++;
    }
    await route.continue().catch(() => undefined);
  });
  return {
    chunks,
    simpleCount: () => simple,
    /** Bytes of file content the browser put on the wire (a chunk cut short counts whole). */
    bytesSent: () => chunks.reduce((n, c) => n + c.end - c.start + 1, 0),
  };
}

/** Slows this page's uploads down (Chromium network emulation), so a test can act mid-upload. */
export async function throttleUploads(context: BrowserContext, page: Page, bytesPerSecond: number) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

/** Picks files in the library's dropzone (its hidden file input). */
export async function pickVideos(page: Page, paths: string[]) {
  await page.locator('input[type="file"][name="file"]').setInputFiles(paths);
}

/** The processing modal's row of one file or video title. */
export const processingItem = (page: Page, name: string) =>
  page.getByTestId('processing-item').filter({ hasText: name });

/** Waits until the console created the content of `fileName` and returns its videoId. */
export async function createdVideoId(page: Page, trigger: () => Promise<void>) {
  const response = page.waitForResponse(
    (r) => r.url().includes('/v1/contents') && r.request().method() === 'POST' && r.status() === 201,
  );
  await trigger();
  return ((await (await response).json()) as { videoId: string }).videoId;
}

/**
 * A pass-through HTTP proxy in front of the e2e server that counts, from the server's side of the wire,
 * the file bytes of every source upload request that actually arrived (the multipart envelope is left
 * out; a request cut short counts what got through; a request the server answers before reading its
 * body counts what the browser sent anyway). Pages opened on `origin` talk to the server only through
 * it.
 */
export async function startCountingProxy() {
  let fileBytes = 0;
  const ranges: Array<{ start: number; end: number }> = [];
  const server = createServer((req, res) => {
    const counted = req.method === 'POST' && /\/v1\/videos\/[^/]+\/source(\?|$)/.test(req.url ?? '');
    const range = /^bytes (\d+)-(\d+)\/\d+$/.exec(String(req.headers['content-range'] ?? ''));
    const declared = range ? Number(range[2]) - Number(range[1]) + 1 : Number.POSITIVE_INFINITY;
    if (counted && range) ranges.push({ start: Number(range[1]), end: Number(range[2]) });
    let head = Buffer.alloc(0);
    let preamble = -1;
    let body = 0;
    const upstream = httpRequest(
      { host: '127.0.0.1', port: E2E_PORT, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.on('data', (chunk: Buffer) => {
      if (!counted) return;
      body += chunk.length;
      if (preamble < 0 && head.length < 8192) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end >= 0) preamble = end + 4;
      }
    });
    req.on('close', () => {
      if (counted && preamble >= 0) fileBytes += Math.min(Math.max(0, body - preamble), declared);
      if (!req.complete) upstream.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    fileBytes: () => fileBytes,
    /** The Content-Range of every source POST that reached the proxy, in order. */
    ranges,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The browser keeps its connections alive: close them, or close() waits for them.
        server.closeAllConnections();
      }),
  };
}

/** Stores the session for another origin (the counting proxy's), the way the console keeps it. */
export async function signInOn(page: Page, origin: string, token: string) {
  await page.goto(`${origin}/auth/login`);
  await page.evaluate(
    (t) =>
      localStorage.setItem(
        'v706-demo1-auth',
        JSON.stringify({ authToken: t, user: null, permissions: [], contasCargos: [] }),
      ),
    token,
  );
}

/** The video library (or one of its addresses), once its heading shows. */
export async function openLibrary(page: Page, path = '/vod/dashboard') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Video on Demand' })).toBeVisible();
}

type TeamAuth = { token: string; teamId: string };
const asTeam = ({ token, teamId }: TeamAuth) => ({
  headers: { Authorization: `Bearer ${token}` },
  params: { accountId: teamId },
});

/** `POST /v1/videos/{id}/source` of the whole file, or of the bytes `start`–`end` of it with their
 * Content-Range (a chunk: 201 until the last one). */
export function postSource(
  request: APIRequestContext,
  auth: TeamAuth,
  id: string,
  file: { name: string; buffer: Buffer },
  range?: { start: number; end: number },
) {
  const { headers, params } = asTeam(auth);
  return request.post(`/v1/videos/${id}/source`, {
    headers: range
      ? { ...headers, 'content-range': `bytes ${range.start}-${range.end}/${file.buffer.length}` }
      : headers,
    params,
    multipart: {
      file: {
        name: file.name,
        mimeType: 'video/mp4',
        buffer: range ? file.buffer.subarray(range.start, range.end + 1) : file.buffer,
      },
    },
  });
}

/** Sends a video's source (`POST /v1/videos/{id}/source`): 202, transcoded next. */
export async function uploadSource(
  request: APIRequestContext,
  auth: TeamAuth,
  id: string,
  file: { name: string; buffer: Buffer },
) {
  const uploaded = await postSource(request, auth, id, file);
  expect(uploaded.status(), await uploaded.text()).toBe(202);
}

/** Waits until the video has `status` on the server. */
export async function untilStatus(
  request: APIRequestContext,
  auth: TeamAuth,
  id: string,
  status: string,
  timeout = 90_000,
) {
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/v1/videos/${id}`, asTeam(auth))).json()) as { status: string }).status,
      { timeout },
    )
    .toBe(status);
}

/** Waits until the video's transcode made it ready, as the library would show it. */
export const untilReady = (request: APIRequestContext, auth: TeamAuth, id: string, timeout = 90_000) =>
  untilStatus(request, auth, id, 'ready', timeout);
