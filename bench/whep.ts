// npm run bench -- --only=whep — WHIP in, WHEP out (docs/studio.md): glass-to-glass latency of a live
// published over WHIP and played over WHEP (goal ≤ 1 s) and over HLS in each latency mode, measured as
// bench/playback.ts measures it (the wall clock stamped into the frames by the encoder, read back from
// every frame Chromium presents); and the server's CPU for a studio-like live (its WHIP publish plus 3
// guests, each a WHIP publish forwarded to one receiver through the core's rooms `guest:{id}:{n}`)
// against an RTMP publish of the same bitrate. The publishers and receivers run in a process of their
// own (bench/whep-peers.ts), so the CPU figure is the server's: this process (API thread and WebRTC
// worker) and the ffmpeg processes it starts. Prints figures; asserts nothing.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { Browser } from '@playwright/test';
import { forkPeers, launchPlayerBrowser } from './peers-process.ts';
import { FRAME_READER, median } from './playback.ts';

const DEMO_ACCOUNT = 'a0000000-0000-4000-8000-000000000002';
const OWNER = { login: 'owner@palco.test', password: 'palco123' };
const WARMUP_MS = 8_000;
const MEASURE_MS = 15_000;
const CPU_WARMUP_MS = 8_000;
const CPU_MEASURE_MS = 20_000;
/** The composed studio picture's bitrate, and the RTMP publish it is compared with. */
const LIVE_BITRATE = '1500k';
const GUEST_BITRATE = '500k';
const GUESTS = 3;

const log = (line = '') => process.stdout.write(`${line}\n`);
const serverModule = (path: string) =>
  import(pathToFileURL(join(import.meta.dirname, '..', 'server', 'src', path)).href);

interface Core {
  publish(room: string, sdp: string): Promise<{ answerSdp: string }>;
  subscribe(room: string, sdp: string): Promise<{ answerSdp: string }>;
}
interface App {
  inject(options: object): Promise<{ statusCode: number; body: string; json(): unknown }>;
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
  ingestPort: number | null;
  webrtc: Core;
}

/** The peers' process: a guest room's publisher or receiver it offers is answered by the server's
 * WebRTC core. */
function startPeers(app: App) {
  return forkPeers((message, child) => {
    if (message.type !== 'offer') return;
    const { id, room, role, sdp } = message as { id: number; room: string; role: string; sdp: string };
    const answer = role === 'publisher' ? app.webrtc.publish(room, sdp) : app.webrtc.subscribe(room, sdp);
    void answer.then(
      (a) => child.send({ id, cmd: 'answer', sdp: a.answerSdp }),
      (error: unknown) => log(`  (${role} of ${room} refused: ${String(error)})`),
    );
  });
}

/** What a process of the server's tree is, for the CPU breakdown: ffmpeg by the job its arguments say. */
function processRole(args: string): string {
  if (!args.includes('ffmpeg')) return 'other process';
  if (args.includes('-f sdp')) return 'ffmpeg: WebRTC → RTMP hop';
  if (args.includes('-f hls')) return 'ffmpeg: HLS packaging';
  return 'ffmpeg: other';
}

/**
 * CPU seconds (user + system) so far of this process's threads and of every process it started but
 * `exclude`'s, each under a key (`thread:<tid>`, `process:<pid>`) with the part it counts for: the
 * threads by name (the API's main thread, the `webrtc` worker, V8's compiler and collector threads),
 * the processes by role.
 */
async function serverCpuSeconds(exclude: number): Promise<Map<string, { part: string; seconds: number }>> {
  const found = new Map<string, { part: string; seconds: number }>();
  const parents = new Map<number, number>();
  const times = new Map<number, number>();
  // Linux's USER_HZ is 100 on every usual build; utime and stime are the 14th and 15th fields.
  const ticks = (stat: string) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields.length < 15
      ? null
      : { parent: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / 100 };
  };
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const t = ticks(await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => ''));
    if (!t) continue;
    parents.set(Number(entry), t.parent);
    times.set(Number(entry), t.seconds);
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 50; p = parents.get(p) ?? 0, hops++) {
      if (p === exclude) return false;
      if (p === process.pid) return pid !== process.pid;
    }
    return false;
  };
  for (const [pid, seconds] of times) {
    if (!inTree(pid)) continue;
    const args = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    found.set(`process:${pid}`, { part: processRole(args.replaceAll('\0', ' ')), seconds });
  }
  for (const task of await readdir(`/proc/${process.pid}/task`).catch(() => [] as string[])) {
    const stat = await readFile(`/proc/${process.pid}/task/${task}/stat`, 'utf8').catch(() => '');
    const t = ticks(stat);
    if (!t) continue;
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const part =
      name === 'MainThread'
        ? 'API thread'
        : name === 'webrtc'
          ? 'WebRTC worker'
          : name.startsWith('V8')
            ? 'V8 threads'
            : 'other threads';
    found.set(`thread:${task}`, { part, seconds: t.seconds });
  }
  return found;
}

/**
 * The server's CPU over the measuring window, as a share of one core, and its parts. Each thread and
 * process counts for what it used inside the window: one that started in it counts whole, one that
 * ended in it (the ffmpeg of a live ended before the window) counts nothing, rather than the
 * difference of two sums going down by what the ended one had used before.
 */
async function cpuOver(exclude: number): Promise<{ share: number; parts: string }> {
  await sleep(CPU_WARMUP_MS);
  const from = await serverCpuSeconds(exclude);
  await sleep(CPU_MEASURE_MS);
  const to = await serverCpuSeconds(exclude);
  const seconds = CPU_MEASURE_MS / 1000;
  const byPart = new Map<string, number>();
  let total = 0;
  for (const [key, { part, seconds: used }] of to) {
    const share = (used - (from.get(key)?.seconds ?? 0)) / seconds;
    byPart.set(part, (byPart.get(part) ?? 0) + share);
    total += share;
  }
  const parts = [...byPart]
    .filter(([, share]) => share >= 0.005)
    .sort((a, b) => b[1] - a[1])
    .map(([part, share]) => `${part} ${(share * 100).toFixed(1)} %`)
    .join(', ');
  return { share: total, parts };
}

/** The page: plays a WHEP URL (a recvonly peer connection, as src/embed/whep.ts does) or HLS with
 * shaka configured from latencyTargets, and decodes the stamp of every frame it presents. */
const PAGE = `<!doctype html><html><body>
<video id="v" muted autoplay playsinline width="640" height="360"></video>
<canvas id="c" width="640" height="360"></canvas>
<script src="/__bench/shaka.js"></script>
<script>
window.samples = []; window.errors = [];
async function start(infoUrl, transport) {
  const info = await (await fetch(infoUrl)).json();
  const video = document.getElementById('v');
  const ctx = document.getElementById('c').getContext('2d', { willReadFrequently: true });
  if (transport === 'whep') {
    const pc = new RTCPeerConnection();
    const stream = new MediaStream();
    pc.ontrack = (e) => { stream.addTrack(e.track); video.srcObject = stream; };
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    await pc.setLocalDescription(await pc.createOffer());
    await new Promise((resolve) => {
      setTimeout(resolve, 1500);
      pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && resolve();
    });
    const res = await fetch(info.whepUrl, { method: 'POST', headers: { 'content-type': 'application/sdp' }, body: pc.localDescription.sdp });
    if (res.status !== 201) { window.errors.push('whep ' + res.status); return; }
    await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
    video.play().catch(() => {});
  } else {
    const player = new shaka.Player();
    await player.attach(video);
    const t = info.latencyTargets;
    player.configure({
      streaming: { lowLatencyMode: t.lowLatencyMode, rebufferingGoal: Math.min(2, t.segmentSeconds), bufferingGoal: 10 },
      manifest: { defaultPresentationDelay: t.liveDelaySeconds },
    });
    let retries = 0;
    const load = () => player.load(info.manifestUrl).then(() => video.play().catch(() => {}), () => {});
    player.addEventListener('error', (e) => {
      window.errors.push(String(e.detail && (e.detail.code ?? e.detail.message ?? e.detail)).slice(0, 200) + ' ' + JSON.stringify(e.detail && e.detail.data).slice(0, 200));
      if (window.samples.length === 0 && retries++ < 3) setTimeout(load, 1000);
    });
    await load();
  }
  ${FRAME_READER}
}
</script></body></html>`;

async function glassToGlass(browser: Browser, base: string, infoUrl: string, transport: 'whep' | 'hls') {
  const shaka = await readFile(
    createRequire(import.meta.url).resolve('shaka-player/dist/shaka-player.compiled.js'),
    'utf8',
  );
  const page = await browser.newPage();
  await page.route(`${base}/__bench/**`, (route) =>
    route.request().url().endsWith('shaka.js')
      ? route.fulfill({ contentType: 'text/javascript', body: shaka })
      : route.fulfill({ contentType: 'text/html', body: PAGE }),
  );
  await page.goto(`${base}/__bench/page.html`);
  await page.evaluate(
    ([url, how]) => (window as unknown as { start(u: string, t: string): Promise<void> }).start(url, how),
    [infoUrl, transport] as const,
  );
  await sleep(WARMUP_MS + MEASURE_MS);
  const { samples, errors } = (await page.evaluate(() => ({
    samples: (window as unknown as { samples: { at: number; latency: number }[] }).samples,
    errors: [
      ...(window as unknown as { errors: string[] }).errors,
      // The video's state, for a player that stopped.
      (() => {
        const v = document.querySelector('video') as HTMLVideoElement;
        const b = [...Array(v.buffered.length).keys()].map(
          (i) => `${v.buffered.start(i)}-${v.buffered.end(i)}`,
        );
        return `video t=${v.currentTime} ready=${v.readyState} paused=${v.paused} buffered=${b.join(',')} err=${v.error?.message ?? ''}`;
      })(),
    ],
  }))) as { samples: { at: number; latency: number }[]; errors: string[] };
  await page.close();
  const from = samples.length > 0 ? samples[0]!.at + WARMUP_MS : 0;
  const measured = samples.filter((s) => s.at >= from && s.latency < 60_000).map((s) => s.latency);
  if (measured.length >= 100) errors.pop(); // the video's state, for a player that stopped
  if (measured.length === 0 && samples.length > 0)
    errors.push(
      `${samples.length} frames, ${samples[0]!.at}–${samples.at(-1)!.at}, latency ${samples[0]!.latency}–${samples.at(-1)!.latency}`,
    );
  return { seconds: median(measured) / 1000, frames: measured.length, errors };
}

export async function runWhepBench(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'palco-bench-whep-'));
  const [{ buildApp }, { loadConfig }] = (await Promise.all([
    serverModule('app.ts'),
    serverModule('config.ts'),
  ])) as [
    { buildApp(config: unknown): Promise<App> },
    { loadConfig(env: Record<string, string>): Record<string, unknown> },
  ];
  const config = {
    ...loadConfig({
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      INGEST_PORT: '1935',
      INGEST_HOST: '127.0.0.1',
      WEBRTC_INTERFACE: '127.0.0.1',
    }),
    ingestPort: 0,
    dataDir,
    databaseUrl: undefined,
    staticDir: join(dataDir, 'no-console'),
  };
  const app = await buildApp(config);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const peers = await startPeers(app);
  const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: OWNER });
  const auth = { authorization: `Bearer ${(login.json() as { Token: string }).Token}` };
  const newLive = async (latency: string) => {
    const created = await app.inject({
      method: 'POST',
      url: `/v1/live-streams?accountId=${DEMO_ACCOUNT}`,
      headers: auth,
      payload: {
        nome: `WHIP ${latency}`,
        scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
        latency,
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
    return { id: live.id, key: live.signals[0]!.key };
  };
  const complete = (id: string) =>
    app.inject({
      method: 'PUT',
      url: `/v1/live-streams/${id}/control/complete?accountId=${DEMO_ACCOUNT}`,
      headers: auth,
    });
  const untilPlayable = async (id: string, field: 'manifestUrl' | 'whepUrl') => {
    for (let i = 0; i < 160; i++) {
      const info = (
        await app.inject({ method: 'GET', url: `/v1/public/lives/${id}/playback` })
      ).json() as Record<string, string | null>;
      if (info[field]) return true;
      await sleep(250);
    }
    return false;
  };

  let browser: Browser | null = null;
  try {
    // Server CPU first (no browser running): a studio live with guests, then RTMP at the same bitrate.
    // BENCH_WHEP_CPU=off skips it (the latency figures only).
    if (process.env.BENCH_WHEP_CPU !== 'off') {
      log(
        `server CPU (one core = 100 %), ${CPU_MEASURE_MS / 1000} s after ${CPU_WARMUP_MS / 1000} s, 640x360 25 fps H.264 ${LIVE_BITRATE} + Opus/AAC 64k, packaged as the default mode:`,
      );
      const studio = await newLive('default');
      const whip = await peers.ask({
        cmd: 'whip',
        url: `${base}/whip`,
        token: studio.key,
        stamp: false,
        bitrate: LIVE_BITRATE,
        gop: 25,
      });
      const noFigure = { share: Number.NaN, parts: '' };
      const whipCpu = whip.status === 201 ? await cpuOver(peers.child.pid ?? 0) : noFigure;
      for (let n = 1; n <= GUESTS; n++) {
        const room = `guest:${studio.id}:${n}`;
        await peers.ask({ cmd: 'room', room, role: 'publisher', bitrate: GUEST_BITRATE });
        await peers.ask({ cmd: 'room', room, role: 'subscriber', bitrate: GUEST_BITRATE });
      }
      const studioCpu = whip.status === 201 ? await cpuOver(peers.child.pid ?? 0) : noFigure;
      const stopped = await peers.ask({ cmd: 'stop' });
      await complete(studio.id);
      if (whip.status !== 201) log(`  WHIP answered ${String(whip.status)}`);
      log(
        `  WHIP publish alone (${LIVE_BITRATE}): ${(whipCpu.share * 100).toFixed(0)} %   (${whipCpu.parts})`,
      );
      log(
        `  studio (the same + ${GUESTS} guests of ${GUEST_BITRATE}, each forwarded to one receiver): ${(studioCpu.share * 100).toFixed(0)} %   (${studioCpu.parts})` +
          `   (${String(stopped.received)} RTP packets at the guests' receivers)`,
      );
      const rtmpPeers = await startPeers(app);
      const encoder = await newLive('default');
      await rtmpPeers.ask({
        cmd: 'rtmp',
        url: `rtmp://127.0.0.1:${app.ingestPort}/live/${encoder.key}`,
        bitrate: LIVE_BITRATE,
        gop: 25,
      });
      const rtmpCpu = await cpuOver(rtmpPeers.child.pid ?? 0);
      await rtmpPeers.ask({ cmd: 'stop' });
      await complete(encoder.id);
      log(`  encoder (RTMP ${LIVE_BITRATE}): ${(rtmpCpu.share * 100).toFixed(0)} %   (${rtmpCpu.parts})`);
      // Both lives pay the viewers' packaging (the ladder's x264 rendition included) and the RTMP
      // ingest; what a WHIP publish adds is the worker's DTLS/SRTP and the hop's Opus → AAC
      // (docs/studio.md "What a WHIP publish costs").
      log(
        `  the WHIP publish's own cost (WHIP alone − RTMP): ${((whipCpu.share - rtmpCpu.share) * 100).toFixed(0)} % (goal ≤ 8 %)`,
      );
    }

    browser = await launchPlayerBrowser();
    log('glass to glass: WHIP publish (werift + ffmpeg, 640x360 25 fps, stamped) → server → Chromium');
    // BENCH_WHEP_MODES=ultraLow,low picks modes; ultra low is measured over WHEP and over HLS.
    const pick = process.env.BENCH_WHEP_MODES?.split(',');
    const modes = [
      { latency: 'ultraLow', gop: 12, goals: { whep: 1, hls: 3 } },
      { latency: 'low', gop: 25, goals: { hls: 6 } },
      { latency: 'default', gop: 25, goals: { hls: 15 } },
    ].filter((m) => !pick || pick.includes(m.latency));
    for (const mode of modes) {
      const live = await newLive(mode.latency);
      const publisher = await startPeers(app);
      try {
        const published = await publisher.ask({
          cmd: 'whip',
          url: `${base}/whip`,
          token: live.key,
          stamp: true,
          bitrate: LIVE_BITRATE,
          gop: mode.gop,
        });
        if (published.status !== 201) {
          log(`  ${mode.latency}: WHIP answered ${String(published.status)}`);
          continue;
        }
        const infoUrl = `/v1/public/lives/${live.id}/playback`;
        for (const transport of ['whep', 'hls'] as const) {
          const goal = (mode.goals as Record<string, number | undefined>)[transport];
          if (goal === undefined) continue;
          const ready = await untilPlayable(live.id, transport === 'whep' ? 'whepUrl' : 'manifestUrl');
          const m = ready ? await glassToGlass(browser, base, infoUrl, transport) : null;
          const seconds = m?.seconds ?? Number.NaN;
          log(
            `  WHIP → ${transport === 'whep' ? 'WHEP' : 'HLS '} ${mode.latency.padEnd(9)} median ${Number.isNaN(seconds) ? '—' : `${seconds.toFixed(2)} s`} over ${m?.frames ?? 0} frames` +
              `   (goal ≤ ${goal} s: ${Number.isNaN(seconds) ? 'NOT MEASURED' : seconds <= goal ? 'ok' : 'OVER GOAL'})` +
              (m && m.errors.length > 0 ? `   player errors: ${m.errors.join(', ')}` : ''),
          );
        }
      } finally {
        await publisher.ask({ cmd: 'stop' });
        await complete(live.id);
      }
    }
  } finally {
    await browser?.close();
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runWhepBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
