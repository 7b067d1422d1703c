// npm run bench -- --only=playback — glass-to-glass latency of each live latency mode (docs/playback.md
// "Glass-to-glass latency"). A real ffmpeg publishes a test pattern over RTMP to the server's ingest with the
// wall clock stamped into the picture (24 black/white blocks: the epoch milliseconds modulo 2^24, read back
// after H.264 compression); the server packages it for viewers as the mode says; Chromium plays it with shaka
// through the public playback endpoint and decodes the stamp of every frame it presents. Prints the
// median latency per mode against its goal. Asserts nothing.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { startS3Process } from './uploads.ts';

const MODES = [
  // The encoder's keyframe interval (frames at 25 fps) is at most the mode's segment, as docs/playback.md
  // asks.
  { latency: 'default', goalSeconds: 15, gop: 25 },
  { latency: 'low', goalSeconds: 6, gop: 25 },
  { latency: 'ultraLow', goalSeconds: 3, gop: 12 },
] as const;
/** Frames measured after playback settles, per mode. */
const WARMUP_MS = 8_000;
const MEASURE_MS = 15_000;
export const BITS = 24;
export const BLOCK = 16;
const DEMO_ACCOUNT = 'a0000000-0000-4000-8000-000000000002';
const OWNER = { login: 'owner@palco.test', password: 'palco123' };
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const log = (line = '') => process.stdout.write(`${line}\n`);
const serverModule = (path: string) =>
  import(pathToFileURL(join(import.meta.dirname, '..', 'server', 'src', path)).href);

interface App {
  inject(options: object): Promise<{ statusCode: number; body: string; json(): unknown }>;
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
  ingestPort: number | null;
}

/** The stamp: the frame's wall-clock milliseconds (RTCTIME when the filter sees it), bit i in block i. */
export const STAMP =
  'format=yuv420p,settb=1/1000,setpts=floor(RTCTIME/1000),split[m][s];' +
  `[s]crop=${BITS * BLOCK}:${BLOCK}:0:0,geq=lum='255*mod(floor(T*1000/pow(2\\,floor(X/${BLOCK})))\\,2)':cb=128:cr=128[b];` +
  '[m][b]overlay=0:0,setpts=PTS-STARTPTS';

function publish(url: string, gop: number): ChildProcess {
  return spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine'],
      ...['-filter_complex', `[0:v]${STAMP}[v]`, '-map', '[v]', '-map', '1:a'],
      // The copied source rendition cuts segments on the encoder's keyframes.
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-tune',
        'zerolatency',
        '-g',
        String(gop),
        '-b:v',
        '1500k',
      ],
      ...['-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  );
}

/** Page script (inside a function with `video` and a 640×360 canvas context `ctx`): on every presented
 * frame, decodes the stamp and pushes `{at, latency}` to `window.samples` (bench/whep.ts reuses it). */
export const FRAME_READER = `
  const onFrame = (now, meta) => {
    ctx.drawImage(video, 0, 0, 640, 360);
    const px = ctx.getImageData(0, 0, ${BITS * BLOCK}, ${BLOCK}).data;
    let stamp = 0;
    for (let i = 0; i < ${BITS}; i++) {
      if (px[((${BLOCK / 2}) * ${BITS * BLOCK} + i * ${BLOCK} + ${BLOCK / 2}) * 4] > 128) stamp += 2 ** i;
    }
    const shown = (performance.timeOrigin + meta.expectedDisplayTime) % ${2 ** BITS};
    window.samples.push({ at: Date.now(), latency: (shown - stamp + ${2 ** BITS}) % ${2 ** BITS} });
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
`;

/** The page: shaka configured from PlaybackInfo.latencyTargets; every presented frame's stamp decoded. */
const PAGE = `<!doctype html><html><body>
<video id="v" muted autoplay playsinline width="640" height="360"></video>
<canvas id="c" width="640" height="360"></canvas>
<script src="/__bench/shaka.js"></script>
<script>
window.samples = []; window.errors = [];
async function start(infoUrl) {
  const info = await (await fetch(infoUrl)).json();
  const video = document.getElementById('v');
  const ctx = document.getElementById('c').getContext('2d', { willReadFrequently: true });
  const player = new shaka.Player();
  await player.attach(video);
  const t = info.latencyTargets;
  player.configure({
    streaming: { lowLatencyMode: t.lowLatencyMode, rebufferingGoal: Math.min(2, t.segmentSeconds), bufferingGoal: 10 },
    manifest: { defaultPresentationDelay: t.liveDelaySeconds },
  });
  // A start that fails (seen on a loaded host: the first segment refused by MediaSource) is retried,
  // as the embed player does; the error is still printed.
  let retries = 0;
  const load = () => player.load(info.manifestUrl).then(() => video.play().catch(() => {}), () => {});
  player.addEventListener('error', (e) => {
    window.errors.push(JSON.stringify(e.detail && [e.detail.code, e.detail.data]).slice(0, 200));
    if (window.samples.length === 0 && retries++ < 3) setTimeout(load, 1000);
  });
  await load();
  ${FRAME_READER}
}
</script></body></html>`;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** `storage: 's3'`: the live's files go to a bucket of s3rver (its own process) through the server's
 * live mirror, and viewers are served from the bucket (docs/storage.md "Live latency on S3": the modes keep
 * their figures). */
export async function runPlaybackBench(options: { storage?: 'disk' | 's3' } = {}): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'palco-bench-playback-'));
  const s3 = options.storage === 's3' ? await startS3Process('palco-bench-playback') : null;
  // The SDK reads its credentials from the environment (s3rver's fixed pair).
  if (s3) Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
  const storageEnv: Record<string, string> = s3
    ? { STORAGE: 's3', S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: 'true' }
    : {};
  const [{ buildApp }, { loadConfig }] = (await Promise.all([
    serverModule('app.ts'),
    serverModule('config.ts'),
  ])) as [
    { buildApp(config: unknown): Promise<App> },
    { loadConfig(env: Record<string, string>): Record<string, unknown> },
  ];
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', INGEST_PORT: '1935', INGEST_HOST: '127.0.0.1', ...storageEnv }),
    ingestPort: 0,
    dataDir,
    databaseUrl: undefined,
    staticDir: join(dataDir, 'no-console'),
  };
  const app = await buildApp(config);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const shaka = await readFile(
    createRequire(import.meta.url).resolve('shaka-player/dist/shaka-player.compiled.js'),
    'utf8',
  );
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'],
  });
  log(
    `glass to glass: ffmpeg (RTMP, 640x360 25 fps, keyframe every 1 s; 0.48 s for ultra low) → server${s3 ? ' → S3 bucket (s3rver on loopback) → server' : ''} → shaka in Chromium`,
  );
  try {
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: OWNER });
    const token = (login.json() as { Token: string }).Token;
    const auth = { authorization: `Bearer ${token}` };
    // BENCH_PLAYBACK_MODES=low,ultraLow measures some modes only.
    const pick = process.env.BENCH_PLAYBACK_MODES?.split(',');
    for (const mode of MODES.filter((m) => !pick || pick.includes(m.latency))) {
      const created = await app.inject({
        method: 'POST',
        url: `/v1/live-streams?accountId=${DEMO_ACCOUNT}`,
        headers: auth,
        payload: {
          nome: `Latência ${mode.latency}`,
          scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
          latency: mode.latency,
          transcode: { enableLive2vod: false, enableDvr: false, enableAudioOnly: false },
        },
      });
      if (created.statusCode !== 201) throw new Error(`creating the live: ${created.body}`);
      const live = created.json() as { id: string; signals: { key: string }[] };
      await app.inject({
        method: 'PUT',
        url: `/v1/live-streams/${live.id}/control/start?accountId=${DEMO_ACCOUNT}`,
        headers: auth,
      });
      const encoder = publish(`rtmp://127.0.0.1:${app.ingestPort}/live/${live.signals[0]!.key}`, mode.gop);
      const infoUrl = `/v1/public/lives/${live.id}/playback`;
      try {
        for (let i = 0; i < 120; i++) {
          const info = (await app.inject({ method: 'GET', url: infoUrl })).json() as {
            manifestUrl: string | null;
          };
          if (info.manifestUrl) break;
          await sleep(250);
        }
        const page = await browser.newPage();
        await page.route(`${base}/__bench/**`, (route) =>
          route.request().url().endsWith('shaka.js')
            ? route.fulfill({ contentType: 'text/javascript', body: shaka })
            : route.fulfill({ contentType: 'text/html', body: PAGE }),
        );
        await page.goto(`${base}/__bench/page.html`);
        await page.evaluate(
          (url) => (window as unknown as { start(u: string): Promise<void> }).start(url),
          infoUrl,
        );
        await sleep(WARMUP_MS + MEASURE_MS);
        const { samples, errors } = (await page.evaluate(() => ({
          samples: (window as unknown as { samples: { at: number; latency: number }[] }).samples,
          errors: (window as unknown as { errors: string[] }).errors,
        }))) as { samples: { at: number; latency: number }[]; errors: string[] };
        await page.close();
        const from = samples.length > 0 ? samples[0]!.at + WARMUP_MS : 0;
        // A frame whose stamp did not decode gives nonsense: keep plausible figures (under 60 s).
        const measured = samples.filter((s) => s.at >= from && s.latency < 60_000).map((s) => s.latency);
        const m = median(measured) / 1000;
        const verdict = m <= mode.goalSeconds ? 'ok' : 'OVER GOAL';
        log(
          `  ${mode.latency.padEnd(9)} median ${Number.isNaN(m) ? '—' : `${m.toFixed(2)} s`} over ${measured.length} frames` +
            `   (goal ≤ ${mode.goalSeconds} s: ${Number.isNaN(m) ? 'NOT MEASURED' : verdict})` +
            (errors.length > 0 ? `   player errors: ${errors.join(', ')}` : ''),
        );
      } finally {
        encoder.kill('SIGINT');
        await app.inject({
          method: 'PUT',
          url: `/v1/live-streams/${live.id}/control/complete?accountId=${DEMO_ACCOUNT}`,
          headers: auth,
        });
      }
    }
  } finally {
    await browser.close();
    await app.close();
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runPlaybackBench({ storage: process.env.BENCH_STORAGE === 's3' ? 's3' : 'disk' }).catch(
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
