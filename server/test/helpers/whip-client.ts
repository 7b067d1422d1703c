import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import {
  useH264 as h264Codec,
  MediaStreamTrack,
  useOPUS as opusCodec,
  RTCPeerConnection,
  type RTCRtpCodecParameters,
  RtpPacket,
  useVP8 as vp8Codec,
} from 'werift';

/**
 * A plain WHIP/WHEP peer for tests and benches (docs/studio.md "Test clients"), made of werift as a
 * client and a real encoder: ffmpeg encodes a test pattern (and a tone) to RTP on loopback, and the
 * peer forwards those packets into its tracks. Nothing of the server is imported: it speaks only HTTP
 * and WebRTC, as OBS or a browser would.
 */

export interface TestMediaOptions {
  /** `h264` (default) or `vp8`. */
  video?: 'h264' | 'vp8' | null;
  audio?: boolean;
  /** Frame size and rate of the test pattern (320x240 at 25 unless told). */
  size?: string;
  rate?: number;
  /** Seconds between keyframes the encoder makes by itself (1 unless told). */
  keyframeSeconds?: number;
  /**
   * Frames timestamped with the wall clock as they are made (a few ms of jitter, as a capture device's
   * or the bench's stamped encoder's), not a regular frame rate.
   */
  jitter?: boolean;
  /**
   * Packets the peer drops instead of sending (a lossy path, a sender that sends its parameter sets
   * only once): true drops it.
   */
  drop?: (kind: 'video' | 'audio', packet: RtpPacket) => boolean;
  /** The pattern: an ffmpeg lavfi source (`testsrc` unless told). */
  source?: string;
  ffmpegPath?: string;
}

/** One RTP stream from ffmpeg on a loopback UDP port, written into a track. */
async function rtpInput(
  track: MediaStreamTrack,
  drop?: TestMediaOptions['drop'],
): Promise<{ socket: Socket; port: number }> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const kind = track.kind === 'video' ? 'video' : 'audio';
  socket.on('message', (data) => {
    const packet = RtpPacket.deSerialize(data);
    if (!track.stopped && !drop?.(kind, packet)) track.writeRtp(packet);
  });
  return { socket, port: socket.address().port };
}

// Encoders still running when the test process ends (a test that timed out before its `stop()`): killed
// with it, and each lasts ten minutes at most anyway, so none keeps loading the machine for the rest of a
// run once its test is gone.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
const MAX_ENCODER_SECONDS = 600;

/** ffmpeg encoding the test pattern and tone to RTP, in real time, until it is killed. */
function encoder(
  ffmpeg: string,
  video: { port: number; codec: 'h264' | 'vp8' } | null,
  audio: { port: number } | null,
  options: TestMediaOptions,
): ChildProcess {
  const rate = options.rate ?? 25;
  const gop = Math.max(1, Math.round(rate * (options.keyframeSeconds ?? 1)));
  const args = ['-hide_banner', '-loglevel', 'error', '-re', '-t', String(MAX_ENCODER_SECONDS)];
  if (video)
    args.push(
      '-f',
      'lavfi',
      '-i',
      `${options.source ?? 'testsrc'}=size=${options.size ?? '320x240'}:rate=${rate}`,
    );
  if (audio)
    args.push('-t', String(MAX_ENCODER_SECONDS), '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000');
  if (video) {
    args.push('-map', '0:v');
    if (options.jitter)
      args.push(
        ...['-vf', 'settb=1/1000,setpts=floor(RTCTIME/1000),setpts=PTS-STARTPTS', '-fps_mode', 'passthrough'],
      );
    if (video.codec === 'h264')
      args.push(
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline'],
        ...['-pix_fmt', 'yuv420p', '-g', String(gop), '-bf', '0'],
      );
    else
      args.push(
        '-c:v',
        'libvpx',
        '-deadline',
        'realtime',
        '-cpu-used',
        '8',
        '-g',
        String(gop),
        '-b:v',
        '500k',
      );
    args.push('-payload_type', '96', '-f', 'rtp', `rtp://127.0.0.1:${video.port}?pkt_size=1200`);
  }
  if (audio) {
    args.push('-map', `${video ? 1 : 0}:a`, '-c:a', 'libopus', '-ac', '2', '-b:a', '64k');
    args.push('-payload_type', '111', '-f', 'rtp', `rtp://127.0.0.1:${audio.port}?pkt_size=1200`);
  }
  const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  running.add(child);
  child.once('close', () => running.delete(child));
  return child;
}

/** Feeds the tracks with a real encoder (ffmpeg → RTP on loopback → the tracks) until `stop()`. */
export async function feedTracks(
  tracks: { video?: MediaStreamTrack; audio?: MediaStreamTrack },
  options: TestMediaOptions = {},
): Promise<{ stop(): Promise<number | null> }> {
  const codec = options.video === undefined ? 'h264' : options.video;
  const video = tracks.video && codec ? await rtpInput(tracks.video, options.drop) : null;
  const audio = tracks.audio ? await rtpInput(tracks.audio, options.drop) : null;
  const ffmpeg = encoder(
    options.ffmpegPath ?? 'ffmpeg',
    video && codec ? { port: video.port, codec } : null,
    audio ? { port: audio.port } : null,
    options,
  );
  const exited = new Promise<number | null>((resolve) => ffmpeg.once('close', (code) => resolve(code)));
  return {
    async stop() {
      ffmpeg.kill('SIGKILL');
      for (const input of [video, audio]) input?.socket.close();
      return exited;
    },
  };
}

async function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return;
  await new Promise<void>((resolve) => {
    pc.iceGatheringStateChange.subscribe((state) => {
      if (state === 'complete') resolve();
    });
  });
}

/** The peer's configuration: loopback candidates included (tests run on one machine). */
function config(codecs: { video: RTCRtpCodecParameters[]; audio: RTCRtpCodecParameters[] }) {
  return { codecs, iceAdditionalHostAddresses: ['127.0.0.1'], iceUseIpv6: false };
}

export interface WhipPublisher {
  /** The HTTP answer to the offer. */
  status: number;
  /** The answer's `Location`, absolute. */
  location: string | null;
  /** The body when the server refused (its JSON error), or the SDP answer. */
  body: string;
  pc: RTCPeerConnection;
  /** Resolves once ICE and DTLS are up; rejects when the connection fails. */
  connected: Promise<void>;
  /** Stops the encoder and the peer; with `deleteSession`, sends the WHIP DELETE first. */
  stop(deleteSession?: boolean): Promise<number | null>;
}

/**
 * Publishes a test pattern over WHIP to `url` with `Authorization: Bearer <token>`. The encoder runs
 * from the moment the server has answered 201 until `stop()`.
 */
export async function whipPublish(
  url: string,
  token: string,
  options: TestMediaOptions & { headers?: Record<string, string> } = {},
): Promise<WhipPublisher> {
  const videoCodec = options.video === undefined ? 'h264' : options.video;
  const withAudio = options.audio ?? true;
  const pc = new RTCPeerConnection(
    config({
      video: videoCodec === 'vp8' ? [vp8Codec({ payloadType: 96 })] : [h264Codec({ payloadType: 96 })],
      audio: [opusCodec({ payloadType: 111 })],
    }),
  );
  const videoTrack = new MediaStreamTrack({ kind: 'video' });
  const audioTrack = new MediaStreamTrack({ kind: 'audio' });
  if (videoCodec) pc.addTransceiver(videoTrack, { direction: 'sendonly' });
  if (withAudio) pc.addTransceiver(audioTrack, { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/sdp',
      authorization: `Bearer ${token}`,
      ...options.headers,
    },
    body: pc.localDescription?.sdp ?? '',
  });
  const body = await response.text();
  const location = response.headers.get('location');
  const absolute = location ? new URL(location, url).toString() : null;
  let feed: { stop(): Promise<number | null> } | null = null;
  const connected = new Promise<void>((resolve, reject) => {
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') resolve();
      if (state === 'failed' || state === 'closed') reject(new Error(`peer ${state}`));
    });
  });
  connected.catch(() => {});
  if (response.status === 201) {
    await pc.setRemoteDescription({ type: 'answer', sdp: body });
    feed = await feedTracks(
      { ...(videoCodec ? { video: videoTrack } : {}), ...(withAudio ? { audio: audioTrack } : {}) },
      options,
    );
  }
  return {
    status: response.status,
    location: absolute,
    body,
    pc,
    connected,
    async stop(deleteSession = false) {
      if (deleteSession && absolute)
        await fetch(absolute, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
      const code = (await feed?.stop()) ?? null;
      await pc.close();
      return code;
    },
  };
}

export interface WhepViewer {
  status: number;
  location: string | null;
  body: string;
  pc: RTCPeerConnection;
  connected: Promise<void>;
  /** RTP packets received so far, by kind. */
  packets: { video: number; audio: number };
  /** Resolves with the first video packet's payload type once one arrives. */
  firstVideo: Promise<RtpPacket>;
  stop(): Promise<void>;
}

/**
 * A receive-only peer that offers H.264/VP8 and Opus to `url` (a WHEP endpoint, or any route that
 * answers an SDP offer with `201` and an SDP answer) and counts what it receives.
 */
export async function whepSubscribe(url: string, headers: Record<string, string> = {}): Promise<WhepViewer> {
  const pc = new RTCPeerConnection(
    config({ video: [h264Codec({ payloadType: 102 }), vp8Codec({ payloadType: 96 })], audio: [opusCodec()] }),
  );
  const packets = { video: 0, audio: 0 };
  let gotVideo: (packet: RtpPacket) => void = () => {};
  const firstVideo = new Promise<RtpPacket>((resolve) => {
    gotVideo = resolve;
  });
  pc.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((packet) => {
      if (track.kind === 'video') {
        packets.video++;
        gotVideo(packet);
      } else packets.audio++;
    });
  });
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/sdp', ...headers },
    body: pc.localDescription?.sdp ?? '',
  });
  const body = await response.text();
  const location = response.headers.get('location');
  const connected = new Promise<void>((resolve, reject) => {
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') resolve();
      if (state === 'failed' || state === 'closed') reject(new Error(`peer ${state}`));
    });
  });
  connected.catch(() => {});
  if (response.status === 201) await pc.setRemoteDescription({ type: 'answer', sdp: body });
  return {
    status: response.status,
    location: location ? new URL(location, url).toString() : null,
    body,
    pc,
    connected,
    packets,
    firstVideo,
    async stop() {
      await pc.close();
    },
  };
}

/**
 * The same peers without HTTP, for code that holds an offer/answer function (the core's own tests):
 * `answer(offerSdp)` returns the answer SDP.
 */
export async function offerPeer(kind: 'publish' | 'subscribe') {
  const pc = new RTCPeerConnection(
    config({ video: [h264Codec({ payloadType: 102 }), vp8Codec({ payloadType: 96 })], audio: [opusCodec()] }),
  );
  const direction = kind === 'publish' ? 'sendonly' : 'recvonly';
  const video = new MediaStreamTrack({ kind: 'video' });
  const audio = new MediaStreamTrack({ kind: 'audio' });
  pc.addTransceiver(kind === 'publish' ? video : 'video', { direction });
  pc.addTransceiver(kind === 'publish' ? audio : 'audio', { direction });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  return { pc, video, audio, offer: pc.localDescription?.sdp ?? '' };
}
