// npm run bench -- --only=startup — the embed player's startup time (docs/playback.md "Startup time"):
// from navigation start to the video's first 'playing' event, in a fresh Chromium context per load, on
// the built app served by `bin/serve` (STATIC_DIR=dist, as the e2e config runs it). Paths: an uploaded
// VOD (transcoded by the server), a live per latency mode published over RTMP by ffmpeg (played over
// HLS), and an ultra-low live published over WHIP (werift + ffmpeg, bench/whep-peers.ts) played over
// WHEP. Prints, per path, the median and p90 of the first frame against its goal, the breakdown (when
// the scripts, the playback answer, the manifest or WHEP answer, and the first segment were in), and the
// startup time the embed reported in its 'startup' beacon beside the page's own figure (they must agree
// within 100 ms). Asserts nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { Browser } from '@playwright/test';
import { maxOf } from './extremes.ts';
import { forkPeers, launchPlayerBrowser } from './peers-process.ts';
import { freePort, ownerSession, startBenchServer } from './server.ts';

const ROOT = new URL('..', import.meta.url).pathname;
/** Fresh loads per path (BENCH_STARTUP_LOADS). */
const LOADS = Math.max(1, Number(process.env.BENCH_STARTUP_LOADS ?? 10));
/** The goals of the issue "Viewers see the first frame in under a second", in ms. */
const GOALS = { vod: 800, hls: 1_000, whep: 500 } as const;
/** How far the figure telemetry reports may be from the page's own (docs/playback.md "Startup time"). */
const AGREEMENT_MS = 100;
const log = (line = '') => process.stdout.write(`${line}\n`);
const TRACE = process.env.BENCH_STARTUP_TRACE === '1';
/** With the trace, the server's log (its WebRTC start timelines) is kept here and read after each load. */
const SERVER_LOG = TRACE ? join(mkdtempSync(join(tmpdir(), 'palco-bench-startup-log-')), 'server.log') : null;

/**
 * With the trace, the page's peer connections note when each step of a WHEP start passed (ms after
 * navigation start), what chrome://webrtc-internals shows: ICE and connection states, the DTLS
 * transport's state, the first video packet and the first decoded keyframe (from `getStats()`).
 */
function traceRtc(): void {
  const Native = window.RTCPeerConnection;
  if (typeof Native !== 'function') return;
  const events: string[] = [];
  (window as unknown as { rtcTrace: string[] }).rtcTrace = events;
  const note = (what: string) => {
    if (!events.some((e) => e.endsWith(` ${what}`))) events.push(`${Math.round(performance.now())} ${what}`);
  };
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config);
      note('pc created');
      this.addEventListener('icegatheringstatechange', () => note(`gathering ${this.iceGatheringState}`));
      this.addEventListener('iceconnectionstatechange', () => note(`ice ${this.iceConnectionState}`));
      this.addEventListener('connectionstatechange', () => note(`connection ${this.connectionState}`));
      this.addEventListener('track', (event) => note(`track ${event.track.kind}`));
      const poll = setInterval(() => {
        if (this.connectionState === 'closed') clearInterval(poll);
        void this.getStats().then((stats) =>
          stats.forEach((s) => {
            if (s.type === 'transport' && s.dtlsState) note(`dtls ${s.dtlsState}`);
            if (s.type !== 'inbound-rtp') return;
            if (s.packetsReceived > 0) note(`first ${s.kind} packet`);
            if (s.kind === 'video' && s.keyFramesDecoded > 0) note('first keyframe decoded');
            if (s.kind === 'video' && s.framesDecoded > 0) note('first frame decoded');
          }),
        );
      }, 10);
    }
    override async setRemoteDescription(description: RTCSessionDescriptionInit) {
      note('answer applied…');
      await super.setRemoteDescription(description);
      note('answer applied');
    }
  };
}

/** The WebRTC start timelines the server logged since `from` (bytes into its log); the new end. */
function serverTimelines(from: number): { lines: string[]; end: number } {
  if (!SERVER_LOG || !existsSync(SERVER_LOG)) return { lines: [], end: from };
  const text = readFileSync(SERVER_LOG);
  const lines: string[] = [];
  for (const line of text.subarray(from).toString().split('\n')) {
    if (!line.includes('subscriber started') && !line.includes('"url":"/whep/')) continue;
    try {
      const entry = JSON.parse(line) as {
        msg: string;
        timeline?: object;
        responseTime?: number;
        reqId?: string;
      };
      lines.push(entry.timeline ? `server: ${JSON.stringify(entry.timeline)}` : `server: ${entry.msg}`);
    } catch {
      // a line cut by the read
    }
  }
  return { lines, end: text.length };
}

interface Load {
  firstFrame: number;
  scripts: number;
  playback: number;
  manifest: number;
  segment: number;
  reported: number | null;
  transport: string;
}

const quantile = (values: number[], q: number) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)}`.padStart(5) : '    —');

/** The publishers' process of bench/whep.ts (RTMP through ffmpeg, WHIP through werift + ffmpeg). */
async function startPublisher() {
  const { ask } = await forkPeers();
  return { ask, stop: () => ask({ cmd: 'stop' }) };
}

/** One load of `url` in a fresh context: the page's first 'playing', its resource timings, and the
 * startupMs of the embed's 'startup' beacon. */
async function loadOnce(browser: Browser, url: string): Promise<Load | null> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await context.addInitScript(() => {
      // Media events do not bubble, but they pass the document in the capture phase.
      document.addEventListener(
        'playing',
        (event) => {
          const w = window as unknown as { firstPlaying?: number; transport?: string };
          if (w.firstPlaying !== undefined) return;
          w.firstPlaying = performance.now();
          w.transport = (event.target as HTMLElement).dataset.transport ?? '?';
        },
        true,
      );
    });
    if (TRACE) {
      // tsx names the script's inner functions through a helper of its own, missing in the page.
      await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
      await context.addInitScript(traceRtc);
    }
    const logFrom = serverTimelines(0).end;
    const page = await context.newPage();
    let reported: number | null = null;
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().includes('/v1/public/beacons')) return;
      const m = /"startupMs":(\d+)/.exec(request.postData() ?? '');
      if (m && reported === null) reported = Number(m[1]);
    });
    // BENCH_STARTUP_PROFILE=<dir> writes each load's CPU profile of the page (open it in DevTools'
    // Performance panel, or sum self time by script), to see what the main thread does before playing.
    const profileDir = process.env.BENCH_STARTUP_PROFILE;
    const cdp = profileDir ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(url);
    await page.waitForFunction(() => (window as { firstPlaying?: number }).firstPlaying !== undefined, null, {
      timeout: 30_000,
    });
    if (cdp && profileDir) {
      const { profile } = await cdp.send('Profiler.stop');
      mkdirSync(profileDir, { recursive: true });
      writeFileSync(`${profileDir}/load-${Date.now()}.cpuprofile`, JSON.stringify(profile));
    }
    // The 'startup' beacon goes after the playhead moved and telemetry's debounce (1 s).
    for (let i = 0; i < 40 && reported === null; i++) await sleep(100);
    const page_ = await page.evaluate(() => {
      const w = window as unknown as { firstPlaying: number; transport: string };
      return {
        firstPlaying: w.firstPlaying,
        // The WHEP player marks its video once its start is done, after the first 'playing'.
        transport:
          w.transport === '?'
            ? (document.querySelector<HTMLElement>('video.video')?.dataset.transport ?? '?')
            : w.transport,
        marks: performance.getEntriesByType('mark').map((e) => ({ name: e.name, at: e.startTime })),
        resources: performance.getEntriesByType('resource').map((e) => ({
          name: e.name,
          start: e.startTime,
          firstByte: (e as PerformanceResourceTiming).responseStart,
          end: (e as PerformanceResourceTiming).responseEnd,
        })),
        document: (() => {
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          return { firstByte: nav.responseStart, end: nav.responseEnd, dcl: nav.domContentLoadedEventEnd };
        })(),
      };
    });
    // BENCH_STARTUP_TRACE=1 prints every load's waterfall, to find where the page waits.
    if (process.env.BENCH_STARTUP_TRACE === '1') {
      const d = page_.document;
      log(
        `    page: first byte ${ms(d.firstByte)} in ${ms(d.end)} DOMContentLoaded ${ms(d.dcl)}; playing ${ms(page_.firstPlaying)}`,
      );
      // A long path (a signed media URL) keeps its tail: the file's name says what it is.
      const shown = (p: string) => (p.length > 90 ? `…${p.slice(-89)}` : p);
      for (const r of page_.resources)
        log(`    ${ms(r.start)} ${ms(r.firstByte)} ${ms(r.end)}  ${shown(new URL(r.name).pathname)}`);
      // The embed's own steps (performance.mark in src/embed: answer, player, attached, loaded).
      for (const m of page_.marks) log(`    ${ms(m.at)}                ${m.name}`);
      const rtc = await page.evaluate(() => (window as unknown as { rtcTrace?: string[] }).rtcTrace ?? []);
      for (const e of rtc)
        log(`    ${e.replace(/^(\d+) /, (_, n: string) => `${ms(Number(n))}                `)}`);
      for (const line of serverTimelines(logFrom).lines) log(`    ${line}`);
    }
    const before = page_.resources.filter((r) => r.start <= page_.firstPlaying);
    const first = (test: RegExp) =>
      before.find((r) => test.test(new URL(r.name).pathname))?.end ?? Number.NaN;
    return {
      firstFrame: page_.firstPlaying,
      scripts: maxOf(before.filter((r) => /\/assets\/.*\.js$/.test(r.name)).map((r) => r.end)),
      // A page that carries its answer (docs/playback.md "Startup time: the answer in the page") makes
      // no playback call: its answer is in when its script reads it.
      playback: Number.isFinite(first(/\/playback$/))
        ? first(/\/playback$/)
        : (page_.marks.find((m) => m.name === 'embed:answer')?.at ?? Number.NaN),
      manifest: first(/(\.m3u8|\.mpd)$|^\/whep\//),
      segment: first(/\.(ts|m4s|mp4|m4a|m4v|aac)$/),
      reported,
      transport: page_.transport,
    };
  } catch (error) {
    log(`    a load failed: ${String(error).split('\n')[0]}`);
    const pages = context.pages();
    if (process.env.BENCH_STARTUP_TRACE === '1' && pages[0]) {
      const seen = await pages[0]
        .evaluate(() => ({
          resources: performance
            .getEntriesByType('resource')
            .map(
              (e) =>
                `${Math.round(e.startTime)} ${Math.round((e as PerformanceResourceTiming).responseEnd)} ${new URL(e.name).pathname.slice(-60)}`,
            ),
          marks: performance.getEntriesByType('mark').map((e) => `${Math.round(e.startTime)} ${e.name}`),
          videos: [...document.querySelectorAll('video')].map(
            (v) => `${v.dataset.transport ?? '?'} t=${v.currentTime} rs=${v.readyState} w=${v.videoWidth}`,
          ),
          screen: document.querySelector('.screen')?.textContent ?? '',
        }))
        .catch(() => null);
      log(`    ${JSON.stringify(seen, null, 1)}`);
    }
    return null;
  } finally {
    await context.close();
  }
}

async function measure(browser: Browser, name: string, url: string, goal: number) {
  const loads: Load[] = [];
  for (let i = 0; i < LOADS; i++) {
    const one = await loadOnce(browser, url);
    if (one) loads.push(one);
  }
  const col = (key: keyof Load) => loads.map((l) => l[key] as number);
  const first = quantile(col('firstFrame'), 0.5);
  const row = (q: number) =>
    `${ms(quantile(col('scripts'), q))} ${ms(quantile(col('playback'), q))} ${ms(quantile(col('manifest'), q))} ${ms(quantile(col('segment'), q))} ${ms(quantile(col('firstFrame'), q))}`;
  const reported = loads.filter((l) => l.reported !== null);
  const gaps = reported.map((l) => Math.abs((l.reported as number) - l.firstFrame));
  log(
    `  ${name.padEnd(16)} median ${row(0.5)}   p90 ${row(0.9)}   (${loads.length} loads, ${[...new Set(loads.map((l) => l.transport))].join('/')}; goal ≤ ${goal} ms: ${Number.isNaN(first) ? 'NOT MEASURED' : first <= goal ? 'ok' : 'OVER GOAL'})`,
  );
  log(
    `  ${''.padEnd(16)} telemetry startupMs median ${ms(
      quantile(
        reported.map((l) => l.reported as number),
        0.5,
      ),
    )}, page ${ms(first)}; largest gap ${ms(maxOf(gaps))} ms over ${reported.length} beacons (goal ≤ ${AGREEMENT_MS} ms: ${gaps.length > 0 && maxOf(gaps) <= AGREEMENT_MS ? 'ok' : 'OVER GOAL'})`,
  );
}

/** A 20 s 1280x720 test video, uploaded and transcoded by the server; its id once ready. */
async function readyVod(base: string, headers: Record<string, string>, accountId: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'palco-bench-startup-'));
  const path = join(dir, 'source.mp4');
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100', '-t', '20', '-shortest'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50', '-c:a', 'aac', path],
  ]);
  const q = `accountId=${accountId}`;
  const created = await fetch(`${base}/v1/videos/vod?${q}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Startup bench' }),
  });
  const { id } = (await created.json()) as { id: string };
  const form = new FormData();
  form.set('file', new Blob([readFileSync(path)], { type: 'video/mp4' }), 'source.mp4');
  const sent = await fetch(`${base}/v1/videos/${id}/source?${q}`, { method: 'POST', headers, body: form });
  rmSync(dir, { recursive: true, force: true });
  if (sent.status !== 202) throw new Error(`uploading the VOD: ${sent.status} ${await sent.text()}`);
  for (let i = 0; i < 600; i++) {
    const video = (await (await fetch(`${base}/v1/videos/${id}?${q}`, { headers })).json()) as {
      status: string;
    };
    if (video.status === 'ready') return id;
    if (video.status === 'failed') throw new Error('the VOD failed to transcode');
    await sleep(500);
  }
  throw new Error('the VOD was not ready within 5 minutes');
}

export async function runStartupBench(): Promise<void> {
  if (process.argv.includes('--build') || !existsSync(join(ROOT, 'dist', 'embed.html'))) {
    log('building dist/ …');
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'ignore' });
  }
  const ingestPort = await freePort();
  const server = await startBenchServer(
    {
      STATIC_DIR: 'dist',
      INGEST_PORT: String(ingestPort),
      INGEST_HOST: '127.0.0.1',
      WEBRTC_INTERFACE: '127.0.0.1',
      ...(SERVER_LOG ? { LOG_LEVEL: 'info', BENCH_SERVER_LOG: SERVER_LOG } : {}),
    },
    { startupMs: 180_000 },
  );
  const browser = await launchPlayerBrowser();
  const { base } = server;
  log(
    `navigation start → first 'playing', ${LOADS} fresh Chromium contexts per path, built app on loopback; ms at which each was in:`,
  );
  log(`  ${''.padEnd(16)}        scripts answer manifest segment frame`);
  try {
    const { token, accountId } = await ownerSession(base);
    const headers = { authorization: `Bearer ${token}` };
    const pick = process.env.BENCH_STARTUP_PATHS?.split(',');
    const wanted = (name: string) => !pick || pick.includes(name);

    if (wanted('vod')) {
      const id = await readyVod(base, headers, accountId);
      await measure(browser, 'VOD', `${base}/embed/vod/${id}`, GOALS.vod);
    }

    const newLive = async (latency: string) => {
      const created = await fetch(`${base}/v1/live-streams?accountId=${accountId}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          nome: `Startup ${latency}`,
          scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
          latency,
          transcode: { enableLive2vod: false, enableDvr: false, enableAudioOnly: false },
        }),
      });
      if (created.status !== 201) throw new Error(`creating the live: ${await created.text()}`);
      const live = (await created.json()) as { id: string; signals: { key: string }[] };
      await fetch(`${base}/v1/live-streams/${live.id}/control/start?accountId=${accountId}`, {
        method: 'PUT',
        headers,
      });
      return { id: live.id, key: live.signals[0]!.key };
    };
    const complete = (id: string) =>
      fetch(`${base}/v1/live-streams/${id}/control/complete?accountId=${accountId}`, {
        method: 'PUT',
        headers,
      });
    const untilPlayable = async (id: string, field: 'manifestUrl' | 'whepUrl') => {
      for (let i = 0; i < 240; i++) {
        const info = (await (await fetch(`${base}/v1/public/lives/${id}/playback`)).json()) as Record<
          string,
          unknown
        >;
        if (info[field]) return true;
        await sleep(250);
      }
      return false;
    };

    for (const mode of [
      { latency: 'default', gop: 25 },
      { latency: 'low', gop: 25 },
      { latency: 'ultraLow', gop: 12 },
    ]) {
      if (!wanted(`hls-${mode.latency}`)) continue;
      const live = await newLive(mode.latency);
      const publisher = await startPublisher();
      try {
        await publisher.ask({
          cmd: 'rtmp',
          url: `rtmp://127.0.0.1:${ingestPort}/live/${live.key}`,
          bitrate: '1500k',
          gop: mode.gop,
        });
        if (!(await untilPlayable(live.id, 'manifestUrl'))) {
          log(`  live HLS ${mode.latency}: no manifest within a minute`);
          continue;
        }
        // The whole ladder packaged, as a viewer arriving on a running live finds it.
        await sleep(8_000);
        await measure(browser, `live HLS ${mode.latency}`, `${base}/embed/${live.id}`, GOALS.hls);
      } finally {
        await publisher.stop();
        await complete(live.id);
      }
    }

    if (wanted('whep')) {
      const live = await newLive('ultraLow');
      const publisher = await startPublisher();
      try {
        const published = await publisher.ask({
          cmd: 'whip',
          url: `${base}/whip`,
          token: live.key,
          stamp: false,
          bitrate: '1500k',
          gop: 12,
        });
        if (published.status !== 201 || !(await untilPlayable(live.id, 'whepUrl'))) {
          log(`  live WHEP: the WHIP publish answered ${String(published.status)}`);
        } else {
          await sleep(3_000);
          await measure(browser, 'live WHEP', `${base}/embed/${live.id}`, GOALS.whep);
        }
      } finally {
        await publisher.stop();
        await complete(live.id);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runStartupBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
