// npm run bench -- --only=keyframes — a WHIP live under pressure (docs/studio.md "Keyframes on
// demand"): the CPU saturated by busy processes beside the server (one per core) and 2 % of the
// publisher's video packets lost (the aiortc publisher of server/test/helpers/aiortc-peer.py drops
// them, RTX included; its encoder makes keyframes only when asked), for BENCH_KEYFRAMES_SECONDS
// (300 unless told), with an aiortc WHEP player decoding the picture. Prints the keyframe requests,
// the keyframes made, the player's picture stalls and recoveries, and how long the live stayed up
// (WHIP publishing and the viewers' HLS advancing). Asserts nothing.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

const DEMO_ACCOUNT = 'a0000000-0000-4000-8000-000000000002';
const OWNER = { login: 'owner@palco.test', password: 'palco123' };
const SECONDS = Number(process.env.BENCH_KEYFRAMES_SECONDS ?? 300);
const LOSS = Number(process.env.BENCH_KEYFRAMES_LOSS ?? 0.02);
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const PEER = join(import.meta.dirname, '..', 'server', 'test', 'helpers', 'aiortc-peer.py');

const log = (line = '') => process.stdout.write(`${line}\n`);
const serverModule = (path: string) =>
  import(pathToFileURL(join(import.meta.dirname, '..', 'server', 'src', path)).href);

interface Stats {
  keyframeRequests: number;
  keyframesSeen: number;
  keyframesPassed: number;
  parameterSetsInserted: number;
  gaps: number;
}
interface App {
  inject(options: object): Promise<{ statusCode: number; body: string; json(): unknown }>;
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
  webrtc: { stats(room: string): Promise<Stats | null> };
  whip: { isPublishing(streamId: string): boolean };
  playback: { signer: { issue(kind: string, id: string): { token: string } } };
}

type Line = { type: string } & Record<string, number | string>;

function peer(args: string[]) {
  const child: ChildProcess = spawn(PYTHON, [PEER, ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
  const lines: Line[] = [];
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    for (let at = pending.indexOf('\n'); at >= 0; at = pending.indexOf('\n')) {
      try {
        lines.push(JSON.parse(pending.slice(0, at)) as Line);
      } catch {
        // not one of its lines
      }
      pending = pending.slice(at + 1);
    }
  });
  const exited = new Promise((resolve) => child.once('close', resolve));
  return {
    lines,
    last: (type: string) => lines.findLast((l) => l.type === type),
    stop: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export async function runKeyframesBench(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'palco-bench-keyframes-'));
  const [{ buildApp }, { loadConfig }] = (await Promise.all([
    serverModule('app.ts'),
    serverModule('config.ts'),
  ])) as [
    { buildApp(config: unknown): Promise<App> },
    { loadConfig(env: Record<string, string>): Record<string, unknown> },
  ];
  const app = await buildApp({
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
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const busy: ChildProcess[] = [];
  let publisher: ReturnType<typeof peer> | null = null;
  let player: ReturnType<typeof peer> | null = null;
  try {
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: OWNER });
    const auth = { authorization: `Bearer ${(login.json() as { Token: string }).Token}` };
    const created = await app.inject({
      method: 'POST',
      url: `/v1/live-streams?accountId=${DEMO_ACCOUNT}`,
      headers: auth,
      payload: {
        nome: 'Keyframes under pressure',
        scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
        latency: 'ultraLow',
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

    publisher = peer([
      ...['publish', `${base}/whip`, live.signals[0]!.key],
      ...['--seconds', String(SECONDS + 60), '--loss', String(LOSS)],
    ]);
    for (let i = 0; i < 600 && !publisher.last('answer'); i++) await sleep(100);
    const answer = publisher.last('answer');
    if (answer?.status !== 201) throw new Error(`WHIP answered ${String(answer?.status)}`);
    // The pressure starts with the live: one busy process per core beside the server.
    for (let n = 0; n < cpus().length; n++)
      busy.push(spawn('yes', [], { stdio: ['ignore', 'ignore', 'ignore'] }));
    const { token } = app.playback.signer.issue('live', live.id);
    player = peer(['play', `${base}/whep/live/${live.id}/${token}`, '--seconds', String(SECONDS)]);

    // Each second: is the publish up, does the viewers' HLS advance, does the player decode pictures.
    let hls: string | null = null;
    let lastSequence = -1;
    let lastHlsChange = Date.now();
    let secondsLive = 0;
    let lastFrames = 0;
    let stalls = 0;
    let recoveries = 0;
    let stalled = 0;
    let longestStall = 0;
    const started = Date.now();
    while (Date.now() - started < SECONDS * 1000) {
      await sleep(1000);
      if (!hls) {
        const info = (
          await app.inject({ method: 'GET', url: `/v1/public/lives/${live.id}/playback` })
        ).json() as { manifestUrl: string | null };
        if (info.manifestUrl) {
          const master = await app.inject({ method: 'GET', url: info.manifestUrl });
          const media = master.body.split('\n').find((l) => l.trim() && !l.startsWith('#'));
          if (media) hls = new URL(media.trim(), `http://x${info.manifestUrl}`).pathname;
        }
      }
      if (hls) {
        const playlist = await app.inject({ method: 'GET', url: hls });
        const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist.body)?.[1] ?? -1);
        if (sequence !== lastSequence) lastHlsChange = Date.now();
        lastSequence = sequence;
      }
      const hlsAdvancing = hls !== null && Date.now() - lastHlsChange < 10_000;
      if (app.whip.isPublishing(live.id) && hlsAdvancing) secondsLive++;
      const frames = Number(player.last('stats')?.video ?? 0);
      if (frames === lastFrames && frames > 0) {
        if (stalled === 0) stalls++;
        stalled++;
        longestStall = Math.max(longestStall, stalled);
      } else if (frames > lastFrames) {
        if (stalled > 0) recoveries++;
        stalled = 0;
      }
      lastFrames = frames;
    }
    const server = await app.webrtc.stats(`live:${live.id}`);
    const sent = publisher.last('stats');
    const seen = player.last('stats');
    log(`  ${SECONDS} s, ${cpus().length} busy processes beside the server, ${LOSS * 100} % video loss`);
    log(`  seconds live (WHIP publishing and the viewers' HLS advancing): ${secondsLive} of ${SECONDS}`);
    log(`  still publishing at the end: ${app.whip.isPublishing(live.id) ? 'yes' : 'NO'}`);
    log(
      `  video packets dropped by the publisher: ${sent?.dropped ?? '?'}; gaps the server saw: ${server?.gaps ?? '?'}`,
    );
    log(
      `  keyframe requests sent: ${server?.keyframeRequests ?? '?'} (PLIs received by the publisher: ${sent?.plis ?? '?'}); keyframes made: ${sent?.keyframes ?? '?'}, seen by the server: ${server?.keyframesSeen ?? '?'}`,
    );
    log(
      `  WHEP player: ${seen?.video ?? 0} video frames and ${seen?.audio ?? 0} audio frames decoded; picture stalls (≥ 1 s without a new frame): ${stalls}, recovered: ${recoveries}, longest ${longestStall} s`,
    );
  } finally {
    for (const child of busy) child.kill('SIGKILL');
    await player?.stop();
    await publisher?.stop();
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runKeyframesBench();
