import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { keyframeIntervalMs } from '../src/media/whip-ingest.ts';
import { whipPublish } from './helpers/whip-client.ts';
import { loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call } from './streams-helpers.ts';

// WHIP ingest end to end (docs/studio.md "WHIP ingest"): a werift peer fed by a real encoder publishes
// over HTTP + WebRTC to the listening server; the media goes through the real hop (ffmpeg → the RTMP
// ingest) into the preview, the viewers' HLS and the health the console reads.

const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;

let server: TestServer;
let owner: string;
let base: string;
let scratch: string;

interface StreamJson {
  id: string;
  status: string;
  signals: { id: string; key: string }[];
}

beforeAll(async () => {
  const defaults = loadConfig({});
  server = await startTestServer({
    ingestPort: 0,
    ingestHost: '127.0.0.1',
    webrtc: { ...defaults.webrtc, interfaceAddress: '127.0.0.1' },
    whip: { maxPublishes: 5, perAddressPerMinute: 1000 },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  scratch = await mkdtemp(join(tmpdir(), 'palco-whip-'));
});
afterAll(async () => {
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  call(server.app, owner, method, `${url}${url.includes('?') ? '&' : '?'}accountId=${DEMO}`, payload);

async function createStream(nome: string, live2vod = false, latency = 'default'): Promise<StreamJson> {
  const res = await api('POST', '/v1/live-streams', {
    nome,
    scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
    latency,
    transcode: { enableLive2vod: live2vod },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StreamJson>();
}

async function control(id: string, action: string): Promise<void> {
  const res = await api('PUT', `/v1/live-streams/${id}/control/${action}`);
  expect(res.statusCode, res.body).toBe(200);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  for (let waited = 0; waited < timeoutMs; waited += 200) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The signal as the console's panel reads it: publishing, size and frame rate. */
async function signalStatus(streamId: string) {
  const res = await api('GET', `/v1/live-streams/${streamId}/signals/status`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    signals: { publishing: boolean; width: number | null; whipDropped: { reason: string } | null }[];
  }>().signals[0]!;
}

/** The team's preview playlist once it lists a segment. */
async function previewPlaylist(stream: StreamJson): Promise<{ url: string; body: string }> {
  const signal = stream.signals[0]!;
  return until('the preview playlist', async () => {
    const res = await api('GET', `/v1/live-streams/${stream.id}/signals/${signal.id}/preview`);
    const { url, publishing } = res.json<{ url: string; publishing: boolean }>();
    if (!publishing) return undefined;
    const playlist = await server.app.inject({ method: 'GET', url });
    return playlist.statusCode === 200 && playlist.body.includes('seg_')
      ? { url, body: playlist.body }
      : undefined;
  });
}

/** ffprobe's streams of one media file. */
async function probe(bytes: Buffer): Promise<{ codec_type: string; codec_name: string }[]> {
  const file = join(scratch, `${randomBytes(6).toString('hex')}.ts`);
  await writeFile(file, bytes);
  const child = spawn('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', file]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  await new Promise((resolve) => child.once('close', resolve));
  return (JSON.parse(out) as { streams: { codec_type: string; codec_name: string }[] }).streams;
}

/**
 * Every segment of a media playlist is within its target duration (RFC 8216 §4.3.3.1: the EXTINF
 * rounded to the nearest integer); answers the segment names.
 */
function checkSegments(playlist: string): string[] {
  const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)?.[1]);
  expect(target).toBeGreaterThan(0);
  for (const match of playlist.matchAll(/#EXTINF:([\d.]+)/g))
    expect(Math.round(Number(match[1]))).toBeLessThanOrEqual(target);
  return playlist.split('\n').filter((l) => /^seg_\d+\.ts$/.test(l.trim()));
}

/** ffprobe's packets of one media file: the stream's kind and its DTS (90 kHz). */
async function packets(file: string): Promise<{ kind: string; dts: number }[]> {
  const child = spawn('ffprobe', [
    ...['-v', 'error', '-show_entries', 'packet=codec_type,dts', '-of', 'csv=p=0', file],
  ]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  await new Promise((resolve) => child.once('close', resolve));
  return out
    .split('\n')
    .filter((l) => l.includes(','))
    .map((l) => {
      const [kind, dts] = l.split(',');
      return { kind: kind ?? '', dts: Number(dts) };
    });
}

/**
 * A rendition of the viewers' HLS as a player reads it: its segments concatenated in playlist order.
 * Answers what is wrong: a DTS that does not increase (per stream, across segment boundaries; MSE's
 * "Parsed buffers not in DTS sequence"), a segment far from the cut the latency mode asks for.
 */
async function renditionFaults(
  manifest: string,
  rendition: string,
  segmentSeconds: number,
): Promise<string[]> {
  const playlist = await server.app.inject({
    method: 'GET',
    url: manifest.replace('master.m3u8', `${rendition}/index.m3u8`),
  });
  expect(playlist.statusCode).toBe(200);
  const faults: string[] = [];
  const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist.body)?.[1]);
  if (target > Math.ceil(segmentSeconds)) faults.push(`${rendition}: target duration ${target}`);
  const durations = [...playlist.body.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
  // Every segment lasts about the mode's length, or the sender's keyframe interval (1 s) if longer
  // (the first may be cut short by the first keyframe).
  for (const [i, d] of durations.entries())
    if ((i > 0 && d < segmentSeconds * 0.8) || d > Math.max(1, segmentSeconds) * 1.25)
      faults.push(`${rendition}: segment ${i} lasts ${d} s`);
  const names = playlist.body.split('\n').filter((l) => /^seg_\d+\.ts$/.test(l.trim()));
  const bytes = await Promise.all(
    names.map(async (name) => {
      const res = await server.app.inject({
        method: 'GET',
        url: manifest.replace('master.m3u8', `${rendition}/${name.trim()}`),
      });
      return res.statusCode === 200 ? res.rawPayload : Buffer.alloc(0);
    }),
  );
  const file = join(scratch, `${rendition}-${randomBytes(6).toString('hex')}.ts`);
  await writeFile(file, Buffer.concat(bytes));
  const last = new Map<string, number>();
  for (const { kind, dts } of await packets(file)) {
    const before = last.get(kind);
    if (before !== undefined && !(dts > before)) faults.push(`${rendition}: ${kind} DTS ${before} → ${dts}`);
    last.set(kind, dts);
  }
  if (!last.has('video') || !last.has('audio')) faults.push(`${rendition}: no audio or no video`);
  return faults;
}

describe('WHIP ingest', () => {
  it('takes a rehearsal, goes on air at the start with H.264 + AAC for viewers, ends on DELETE, is recorded', async () => {
    const stream = await createStream('WHIP ao vivo', true);
    const key = stream.signals[0]!.key;

    // Before 'Iniciar': a rehearsal (the team's preview only), as over RTMP.
    const publisher = await whipPublish(`${base}/whip`, key);
    expect(publisher.status, publisher.body).toBe(201);
    expect(publisher.location).toMatch(new RegExp(`^${base}/whip/[0-9a-f-]{36}$`));
    expect(publisher.body).toMatch(/^v=0\r\n/);
    await publisher.connected;
    const preview = await previewPlaylist(stream);
    checkSegments(preview.body);
    expect((await signalStatus(stream.id)).publishing).toBe(true);
    const viewer = () => server.app.inject({ method: 'GET', url: `/v1/public/lives/${stream.id}/playback` });
    expect((await viewer()).json()).toMatchObject({ status: 'scheduled', manifestUrl: null });

    // One publisher per signal: a second WHIP offer for the same key is refused.
    const second = await whipPublish(`${base}/whip`, key);
    expect(second.status, second.body).toBe(409);
    expect(JSON.parse(second.body)).toMatchObject({
      statusCode: 409,
      message: 'Este sinal já está sendo transmitido',
    });
    await second.stop();

    // 'Iniciar': the same publish feeds the viewers' HLS; H.264 passed through, Opus now AAC.
    await control(stream.id, 'start');
    const manifest = await until('the viewers’ manifest', async () => {
      const res = await viewer();
      return res.json<{ manifestUrl: string | null }>().manifestUrl ?? undefined;
    });
    const media = await until('a viewers’ segment', async () => {
      const res = await server.app.inject({
        method: 'GET',
        url: manifest.replace('master.m3u8', 'src/index.m3u8'),
      });
      if (res.statusCode !== 200) return undefined;
      const segments = checkSegments(res.body);
      return segments.length >= 2 ? { segments, playlist: res.body } : undefined;
    });
    const segment = await server.app.inject({
      method: 'GET',
      url: manifest.replace('master.m3u8', `src/${media.segments[0]!.trim()}`),
    });
    expect(segment.statusCode).toBe(200);
    const streams = await probe(segment.rawPayload);
    expect(streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);

    // DELETE with another key ends nothing; with the signal's key it ends the publish.
    const location = publisher.location!;
    const wrong = await fetch(location, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
    });
    expect(wrong.status).toBe(401);
    const ended = await fetch(location, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } });
    expect(ended.status).toBe(200);
    await until('the end of the publish', async () =>
      server.app.ingest.isPublishing(stream.id) ? undefined : true,
    );
    expect((await signalStatus(stream.id)).publishing).toBe(false);
    expect(server.app.whip.isPublishing(stream.id)).toBe(false);
    // The session is gone.
    const again = await fetch(location, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } });
    expect(again.status).toBe(404);
    await publisher.stop();

    // What went on air became the live-to-VOD recording, a video once the stream completes.
    await control(stream.id, 'complete');
    const videoId = await until('the recording video', async () => {
      const body = (await api('GET', `/v1/live-streams/${stream.id}`)).json<{
        recording: { videoId: string } | null;
      }>();
      return body.recording?.videoId;
    });
    const video = await until(
      'the transcoded recording',
      async () => {
        const body = (await api('GET', `/v1/videos/${videoId}`)).json<{ status: string; duration: number }>();
        return body.status === 'ready' || body.status === 'failed' ? body : undefined;
      },
      90_000,
    );
    expect(video.status).toBe('ready');
    expect(video.duration).toBeGreaterThan(1);
  }, 180_000);

  for (const { latency, segmentSeconds, jitter } of [
    { latency: 'low', segmentSeconds: 1, jitter: false },
    { latency: 'ultraLow', segmentSeconds: 0.5, jitter: true },
  ])
    it(`gives viewers HLS a player takes: timestamps in order, regular segments (${latency}${jitter ? ', a jittery sender' : ''})`, async () => {
      const stream = await createStream(`WHIP ${latency}`, false, latency);
      await control(stream.id, 'start');
      const publisher = await whipPublish(`${base}/whip`, stream.signals[0]!.key, { jitter });
      expect(publisher.status, publisher.body).toBe(201);
      const manifest = await until('the viewers’ manifest', async () => {
        const res = await server.app.inject({ method: 'GET', url: `/v1/public/lives/${stream.id}/playback` });
        return res.json<{ manifestUrl: string | null }>().manifestUrl ?? undefined;
      });
      // Enough segments for several boundaries (6 are listed at the live edge).
      await until(
        'six viewers’ segments',
        async () => {
          const res = await server.app.inject({
            method: 'GET',
            url: manifest.replace('master.m3u8', 'src/index.m3u8'),
          });
          const count = res.statusCode === 200 ? (res.body.match(/#EXTINF/g) ?? []).length : 0;
          return count >= 6 ? true : undefined;
        },
        60_000,
      );
      const faults = [
        ...(await renditionFaults(manifest, 'src', segmentSeconds)),
        ...(await renditionFaults(manifest, 'low', segmentSeconds)),
      ];
      await publisher.stop(true);
      expect(faults).toEqual([]);
    }, 120_000);

  it('re-encodes a VP8 sender to H.264', async () => {
    const stream = await createStream('WHIP VP8');
    const publisher = await whipPublish(`${base}/whip`, stream.signals[0]!.key, { video: 'vp8' });
    expect(publisher.status, publisher.body).toBe(201);
    const preview = await previewPlaylist(stream);
    const name = checkSegments(preview.body)[0]!.trim();
    const segment = await server.app.inject({ method: 'GET', url: preview.url.replace('index.m3u8', name) });
    const streams = await probe(segment.rawPayload);
    expect(streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
    await publisher.stop(true);
    await until('the end of the publish', async () =>
      server.app.ingest.isPublishing(stream.id) ? undefined : true,
    );
  }, 120_000);

  it('restarts a hop that stops while the publisher sends; past its restarts, closes the session and says so', async () => {
    const stream = await createStream('WHIP soluço');
    const key = stream.signals[0]!.key;
    const publisher = await whipPublish(`${base}/whip`, key);
    expect(publisher.status, publisher.body).toBe(201);
    await previewPlaylist(stream);
    /** The hop's ffmpeg: the one process whose arguments hold this signal's key. */
    const hopPid = async () => {
      const ps = spawn('ps', ['-eo', 'pid=,args=']);
      let out = '';
      ps.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
      });
      await new Promise((resolve) => ps.once('close', resolve));
      const line = out.split('\n').find((l) => l.includes(`/${key}`) && l.includes('ffmpeg'));
      return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
    };
    // The pipeline dies under the live: a new hop takes over and the signal publishes again.
    const first = await until('the hop', hopPid);
    process.kill(first, 'SIGKILL');
    const next = await until('a new hop', async () => {
      const pid = await hopPid();
      return pid !== undefined && pid !== first ? pid : undefined;
    });
    await until('the signal publishing again', async () =>
      (await signalStatus(stream.id)).publishing ? true : undefined,
    );
    expect(server.app.whip.isPublishing(stream.id)).toBe(true);
    expect((await signalStatus(stream.id)).whipDropped).toBeNull();

    // It keeps dying: the publish ends cleanly, the publisher's session is gone (it may offer again)
    // and the signal's status tells why.
    let pid: number | undefined = next;
    for (let kills = 0; pid !== undefined && kills < 4; kills++) {
      process.kill(pid, 'SIGKILL');
      const killed: number = pid;
      pid = await until('the next hop or the end', async () => {
        if (!server.app.whip.isPublishing(stream.id)) return 0;
        const now = await hopPid();
        return now !== undefined && now !== killed ? now : undefined;
      });
      if (pid === 0) pid = undefined;
    }
    await until('the end of the publish', async () =>
      server.app.whip.isPublishing(stream.id) ? undefined : true,
    );
    const status = await signalStatus(stream.id);
    expect(status.whipDropped).toMatchObject({ reason: 'pipeline' });
    await expect(publisher.connected).resolves.toBeUndefined();
    const gone = await fetch(publisher.location!, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(gone.status).toBe(404);
    await publisher.stop();
  }, 60_000);

  it('refuses a wrong key, a finished stream, a bad or too large offer, in the client’s language', async () => {
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${base}/whip`, {
        method: 'POST',
        headers: { 'content-type': 'application/sdp', ...headers },
        body,
      });
    const offer = 'v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';

    const unknown = await post(offer, { authorization: `Bearer ${randomBytes(32).toString('base64url')}` });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toBe('Bearer');
    expect(await unknown.json()).toMatchObject({ statusCode: 401 });
    const none = await post(offer, { 'accept-language': 'en' });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({
      message: 'Invalid signal key: send Authorization: Bearer with the signal key',
    });

    // A finished stream takes no publish (as the RTMP ingest refuses it).
    const finished = await createStream('WHIP encerrada');
    await control(finished.id, 'start');
    await control(finished.id, 'complete');
    const closed = await whipPublish(`${base}/whip`, finished.signals[0]!.key);
    expect(closed.status, closed.body).toBe(403);
    await closed.stop();

    const stream = await createStream('WHIP limites');
    const auth = { authorization: `Bearer ${stream.signals[0]!.key}` };
    const large = await post(`${offer}${'a=x\r\n'.repeat(20_000)}`, auth);
    expect(large.status).toBe(413);
    const wrongType = await fetch(`${base}/whip`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', ...auth },
      body: '{}',
    });
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toMatchObject({
      message: 'Unsupported content type: send application/sdp',
    });
    const noMedia = await post(offer, auth);
    expect(noMedia.status).toBe(400);
    expect(await noMedia.json()).toMatchObject({
      message: 'Oferta SDP inválida: envie áudio Opus e vídeo H.264 ou VP8',
    });
    const garbage = await post('hello', auth);
    expect(garbage.status).toBe(400);
    expect(server.app.whip.isPublishing(stream.id)).toBe(false);

    // Trickle ICE is not offered; the browser's preflight is answered.
    const patch = await fetch(`${base}/whip/00000000-0000-4000-8000-000000000000`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/trickle-ice-sdpfrag', ...auth },
      body: 'a=ice-ufrag:x',
    });
    expect(patch.status).toBe(405);
    const preflight = await fetch(`${base}/whip`, {
      method: 'OPTIONS',
      headers: { origin: 'https://studio.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-expose-headers')).toBe('location');
  });

  it('asks for a keyframe once per segment, of the preview or of a shorter latency mode', () => {
    expect(keyframeIntervalMs({ latency: 'default' })).toBe(2000);
    expect(keyframeIntervalMs({ latency: 'low' })).toBe(1000);
    // Never more than once a second (ultra low's half-second segments are WHEP's case).
    expect(keyframeIntervalMs({ latency: 'ultraLow' })).toBe(1000);
  });

  it('tells the console the WHIP endpoint', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/bff/config' });
    expect(res.json<{ whipUrl: string | null }>().whipUrl).toBe(server.config.whipUrl);
    expect(loadConfig({ PUBLIC_URL: 'https://palco.example' }).whipUrl).toBe('https://palco.example/whip');
    expect(loadConfig({ INGEST_PORT: 'off' }).whipUrl).toBeNull();
    expect(() => loadConfig({ WEBRTC_UDP_PORT_MIN: '40000' })).toThrow(/WEBRTC_UDP_PORT_MAX/);
    expect(() => loadConfig({ WEBRTC_UDP_PORT_MIN: '40000', WEBRTC_UDP_PORT_MAX: '39000' })).toThrow(
      /WEBRTC_UDP_PORT_MAX/,
    );
    expect(() => loadConfig({ WEBRTC_ICE_SERVERS: '[{"urls":"http://x"}]' })).toThrow(/WEBRTC_ICE_SERVERS/);
    expect(() => loadConfig({ WEBRTC_PUBLIC_IP: '300.1.1.1' })).toThrow(/WEBRTC_PUBLIC_IP/);
    expect(
      loadConfig({
        WEBRTC_UDP_PORT_MIN: '40000',
        WEBRTC_UDP_PORT_MAX: '40100',
        WEBRTC_PUBLIC_IP: '203.0.113.7',
        WEBRTC_ICE_SERVERS: '[{"urls":"turn:turn.example:3478","username":"u","credential":"p"}]',
      }).webrtc,
    ).toMatchObject({
      portRange: [40000, 40100],
      publicIp: '203.0.113.7',
      iceServers: [{ urls: 'turn:turn.example:3478', username: 'u', credential: 'p' }],
    });
  });
});
