// node --import tsx bench/whep-start.ts — the server's part of a WHEP viewer's first frame
// (docs/playback.md "WHEP startup: the first frame"), without the embed page: the server's WebRTC core
// (server/src/media/webrtc/core.ts, its worker thread) with a publisher fed by ffmpeg (bench/whep-peers.ts:
// 640x360 at 25 fps, a keyframe every 12 frames, keyframe requests ignored, as the startup bench's), and
// Debian's Chromium as the viewer, a fresh context per load, with a bare page that does what
// src/embed/whep.ts does: a recvonly offer posted at once, the answer applied, the stream in a video.
// Prints, per step, the median and p90 in ms from the offer's POST: the answer in, ICE connected, DTLS
// connected (the page's RTCDtlsTransport), the first video packet and the first frame (the video's
// 'playing'), and the server's own timeline (answer built, ICE, DTLS, first RTP, first keyframe sent, ms
// from the offer reaching the worker). WHEP_START_LOADS (10) loads. Asserts nothing.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebRtcCore } from '../server/src/media/webrtc/core.ts';
import type { StartTimeline } from '../server/src/media/webrtc/protocol.ts';
import { forkPeers, launchPlayerBrowser } from './peers-process.ts';

const LOADS = Math.max(1, Number(process.env.WHEP_START_LOADS ?? 10));
const ROOM = 'bench:start';
const log = (line = '') => process.stdout.write(`${line}\n`);

/** The viewer's page: its steps in window.steps, ms after the offer's POST. */
const PAGE = `<!doctype html><meta charset="utf-8"><video muted autoplay playsinline></video><script>
const steps = {};
window.steps = steps;
const video = document.querySelector('video');
let t0 = 0;
const note = (name) => { if (!(name in steps)) steps[name] = Math.round(performance.now() - t0); };
video.addEventListener('playing', () => note('playing'));
(async () => {
  const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
  const stream = new MediaStream();
  pc.addEventListener('track', (e) => { stream.addTrack(e.track); video.srcObject = stream; });
  pc.addEventListener('iceconnectionstatechange', () => {
    if (pc.iceConnectionState === 'connected') note('ice');
  });
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  await pc.setLocalDescription(await pc.createOffer());
  t0 = performance.now();
  const res = await fetch('/whep', { method: 'POST', body: pc.localDescription.sdp });
  const answer = await res.text();
  note('answer');
  await pc.setRemoteDescription({ type: 'answer', sdp: answer });
  const dtls = pc.getReceivers()[0].transport;
  dtls.addEventListener('statechange', () => { if (dtls.state === 'connected') note('dtls'); });
  const poll = setInterval(async () => {
    const stats = await pc.getStats();
    stats.forEach((s) => {
      if (s.type === 'inbound-rtp' && s.kind === 'video' && s.packetsReceived > 0) note('packet');
    });
    if ('playing' in steps) clearInterval(poll);
  }, 5);
})();
</script>`;

const quantile = (values: number[], q: number) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
};

async function main(): Promise<void> {
  const core = new WebRtcCore({
    portRange: null,
    publicIp: null,
    interfaceAddress: '127.0.0.1',
    iceServers: [],
    connectTimeoutMs: 15_000,
    disconnectTimeoutMs: 5_000,
  });
  const timelines = new Map<string, StartTimeline>();
  core.on('started', ({ sessionId, timeline }) => timelines.set(sessionId, timeline));
  // The publisher in a process of its own (bench/whep-peers.ts), as a WHIP encoder is: 1.5 Mbit/s, GOP
  // 12 at 25 fps as the startup bench's (ffmpeg answers no keyframe request).
  const peers = await forkPeers((message, child) => {
    if (message.type !== 'offer') return;
    const { id, sdp } = message as { id: number; sdp: string };
    void core.publish(ROOM, sdp).then(({ answerSdp }) => child.send({ id, cmd: 'answer', sdp: answerSdp }));
  });
  await peers.ask({ cmd: 'room', room: ROOM, role: 'publisher', bitrate: '1500k', gop: 12 });
  let last = '';
  const server = createServer((req, res) => {
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on('end', () => {
        core.subscribe(ROOM, body).then(
          ({ sessionId, answerSdp }) => {
            last = sessionId;
            res.writeHead(201, { 'content-type': 'application/sdp' }).end(answerSdp);
          },
          (error: unknown) => res.writeHead(500).end(String(error)),
        );
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchPlayerBrowser();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const page: Record<string, number[]> = {};
  const worker: Record<string, number[]> = {};
  try {
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      await tab.goto(base);
      await tab.waitForFunction(() => 'playing' in (window as unknown as { steps: object }).steps, null, {
        timeout: 20_000,
      });
      const steps = await tab.evaluate(() => (window as unknown as { steps: Record<string, number> }).steps);
      for (const [k, v] of Object.entries(steps)) page[k] = [...(page[k] ?? []), v];
      await context.close();
      const timeline = timelines.get(last);
      for (const [k, v] of Object.entries(timeline ?? {})) worker[k] = [...(worker[k] ?? []), v];
      await core.close(last);
      log(`  load ${i + 1}: page ${JSON.stringify(steps)} server ${JSON.stringify(timeline ?? {})}`);
    }
  } finally {
    await browser.close();
    server.close();
    await peers.ask({ cmd: 'stop' });
    await core.stop();
  }
  const row = (name: string, values: number[] = []) =>
    log(
      `  ${name.padEnd(28)} ${String(quantile(values, 0.5)).padStart(6)} ${String(quantile(values, 0.9)).padStart(6)}`,
    );
  log(`WHEP start against the core, ${LOADS} loads, ms from the offer's POST (median, p90):`);
  for (const k of ['answer', 'ice', 'dtls', 'packet', 'playing']) row(`page ${k}`, page[k]);
  log('the worker, ms from the offer reaching it:');
  for (const k of ['answered', 'iceConnected', 'connected', 'firstRtp', 'firstKeyframe']) row(k, worker[k]);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
