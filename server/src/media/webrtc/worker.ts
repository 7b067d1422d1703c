import { randomUUID } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { parentPort, workerData } from 'node:worker_threads';
import {
  useH264 as h264Codec,
  type MediaStreamTrack,
  useOPUS as opusCodec,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  type RTCRtpReceiver,
  type RTCRtpSender,
  type RtpPacket,
  useVP8 as vp8Codec,
} from 'werift';
import type {
  CloseReason,
  MediaCodec,
  PublishOptions,
  PublishResult,
  Reply,
  Request,
  RtpForward,
  SubscribeOptions,
  SubscribeResult,
  WebRtcErrorCode,
  WebRtcSettings,
  WorkerEvent,
} from './protocol.ts';

// The WebRTC worker: every peer connection of this instance lives here (werift, pure TypeScript), so
// that DTLS, SRTP and RTP forwarding never run on the API's event loop. See core.ts for the API.

const settings = workerData as WebRtcSettings;
const port = parentPort;
if (!port) throw new Error('webrtc worker: no parent port');

/** An offer larger than this never reaches the SDP parser (the route bounds it too). */
const MAX_SDP_CHARS = 64 * 1024;
/** At most this many m-lines of each kind in an offer. */
const MAX_MEDIA_PER_KIND = 1;
/** A subscriber's keyframe requests reach the publisher at most this often. */
const KEYFRAME_MIN_GAP_MS = 300;
/** How long the answer waits for candidate gathering (host candidates come at once). */
const GATHER_TIMEOUT_MS = 5_000;

class WebRtcFailure extends Error {
  readonly code: WebRtcErrorCode;
  constructor(code: WebRtcErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

interface Session {
  id: string;
  roomKey: string;
  role: 'publisher' | 'subscriber';
  pc: RTCPeerConnection;
  closed: boolean;
  timers: NodeJS.Timeout[];
}

interface Publisher extends Session {
  role: 'publisher';
  codecs: Partial<Record<'video' | 'audio', RTCRtpCodecParameters>>;
  receivers: Partial<Record<'video' | 'audio', RTCRtpReceiver>>;
  tracks: Partial<Record<'video' | 'audio', MediaStreamTrack>>;
  lastKeyframeRequest: number;
}

interface Subscriber extends Session {
  role: 'subscriber';
  senders: Partial<Record<'video' | 'audio', RTCRtpSender>>;
}

interface Room {
  key: string;
  publisher: Publisher | null;
  subscribers: Set<Subscriber>;
  forward: { target: RtpForward; socket: Socket } | null;
}

const rooms = new Map<string, Room>();
const sessions = new Map<string, Publisher | Subscriber>();
let stopping = false;

function roomOf(key: string): Room {
  let room = rooms.get(key);
  if (!room) {
    room = { key, publisher: null, subscribers: new Set(), forward: null };
    rooms.set(key, room);
  }
  return room;
}

function dropIfEmpty(room: Room): void {
  if (!room.publisher && room.subscribers.size === 0 && !room.forward) rooms.delete(room.key);
}

function emit(event: WorkerEvent): void {
  port?.postMessage(event);
}

function peerConfig(codecs: { video: RTCRtpCodecParameters[]; audio: RTCRtpCodecParameters[] }) {
  const local = settings.interfaceAddress;
  return {
    codecs,
    iceServers: settings.iceServers,
    iceUseIpv6: false,
    ...(settings.portRange ? { icePortRange: settings.portRange } : {}),
    ...(local ? { iceInterfaceAddresses: { udp4: local }, iceAdditionalHostAddresses: [local] } : {}),
  };
}

/** Counts m-lines per kind, refusing an offer with more than we take. */
function checkOffer(sdp: string): void {
  if (sdp.length > MAX_SDP_CHARS || !/^v=0\r?\n/.test(sdp))
    throw new WebRtcFailure('bad-offer', 'not an SDP offer');
  const lines = sdp.split(/\r?\n/).filter((l) => l.startsWith('m='));
  const count = (kind: string) => lines.filter((l) => l.startsWith(`m=${kind} `)).length;
  if (count('video') > MAX_MEDIA_PER_KIND || count('audio') > MAX_MEDIA_PER_KIND)
    throw new WebRtcFailure('bad-offer', 'at most one audio and one video m-line');
  if (count('video') + count('audio') === 0) throw new WebRtcFailure('bad-offer', 'no audio or video');
}

/** The answer once candidates are gathered (WHIP/WHEP use no trickle), public address announced. */
async function answerOf(pc: RTCPeerConnection): Promise<string> {
  await pc.setLocalDescription(await pc.createAnswer());
  if (pc.iceGatheringState !== 'complete') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, GATHER_TIMEOUT_MS);
      pc.iceGatheringStateChange.subscribe((state) => {
        if (state === 'complete') {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }
  const sdp = pc.localDescription?.sdp ?? '';
  return settings.publicIp ? announce(sdp, settings.publicIp) : sdp;
}

/** Host candidates carry the public address (1:1 NAT: the same ports outside), each announced once. */
function announce(sdp: string, ip: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of sdp.split('\r\n')) {
    const match = /^a=candidate:(\S+) (\d+) (\S+) (\d+) (\S+) (\d+) typ host(.*)$/.exec(line);
    if (match) {
      const [, foundation, component, transport, priority, , portNo, rest] = match;
      const key = `${component} ${transport} ${portNo}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(
        `a=candidate:${foundation} ${component} ${transport} ${priority} ${ip} ${portNo} typ host${rest}`,
      );
    } else if (line.startsWith('c=IN IP4 ')) out.push(`c=IN IP4 ${ip}`);
    else out.push(line);
  }
  return out.join('\r\n');
}

function codecInfo(kind: 'video' | 'audio', codec: RTCRtpCodecParameters): MediaCodec {
  return {
    kind,
    name: kind === 'video' ? (codec.mimeType.split('/')[1] ?? '').toUpperCase() : 'opus',
    clockRate: codec.clockRate,
    ...(codec.channels ? { channels: codec.channels } : {}),
    ...(codec.parameters ? { fmtp: codec.parameters } : {}),
  };
}

function watch(session: Session): void {
  const { pc } = session;
  let connected = false;
  let disconnectTimer: NodeJS.Timeout | null = null;
  session.timers.push(
    setTimeout(() => {
      if (!connected) void closeSession(session.id, 'timeout');
    }, settings.connectTimeoutMs),
  );
  pc.connectionStateChange.subscribe((state) => {
    if (state === 'connected') {
      if (!connected)
        emit({ type: 'event', event: 'connected', sessionId: session.id, roomKey: session.roomKey });
      connected = true;
      if (disconnectTimer) clearTimeout(disconnectTimer);
      disconnectTimer = null;
      if (session.role === 'subscriber') requestKeyframe(roomOf(session.roomKey), true);
    } else if (state === 'disconnected') {
      disconnectTimer ??= setTimeout(
        () => void closeSession(session.id, 'timeout'),
        settings.disconnectTimeoutMs,
      );
      session.timers.push(disconnectTimer);
    } else if (state === 'failed') void closeSession(session.id, 'failed');
    else if (state === 'closed') void closeSession(session.id, 'closed');
  });
}

function requestKeyframe(room: Room, force = false): void {
  const publisher = room.publisher;
  if (!publisher) return;
  const now = Date.now();
  if (!force && now - publisher.lastKeyframeRequest < KEYFRAME_MIN_GAP_MS) return;
  publisher.lastKeyframeRequest = now;
  const track = publisher.tracks.video;
  const receiver = publisher.receivers.video;
  if (track?.ssrc !== undefined && receiver) void receiver.sendRtcpPLI(track.ssrc).catch(() => {});
}

function onPublisherRtp(room: Room, kind: 'video' | 'audio', packet: RtpPacket): void {
  for (const subscriber of room.subscribers) {
    const sender = subscriber.senders[kind];
    if (sender) void sender.sendRtp(packet).catch(() => {});
  }
  const forward = room.forward;
  const out = forward?.target[kind];
  if (forward && out) {
    const copy = packet.clone();
    copy.header.payloadType = out.payloadType;
    forward.socket.send(copy.serialize(), out.port, forward.target.host);
  }
}

async function publish(roomKey: string, sdp: string, options: PublishOptions): Promise<PublishResult> {
  checkOffer(sdp);
  const room = roomOf(roomKey);
  if (room.publisher) throw new WebRtcFailure('room-busy', 'the room has a publisher');
  const pc = new RTCPeerConnection(
    peerConfig({
      video: [h264Codec({ payloadType: 102 }), vp8Codec({ payloadType: 96 })],
      audio: [opusCodec({ payloadType: 111 })],
    }),
  );
  const publisher: Publisher = {
    id: randomUUID(),
    roomKey,
    role: 'publisher',
    pc,
    closed: false,
    timers: [],
    codecs: {},
    receivers: {},
    tracks: {},
    lastKeyframeRequest: 0,
  };
  // Held from here: a second offer to the room meanwhile is refused.
  room.publisher = publisher;
  sessions.set(publisher.id, publisher);
  try {
    pc.onTrack.subscribe((track) => {
      const kind = track.kind === 'video' ? 'video' : 'audio';
      publisher.tracks[kind] = track;
      track.onReceiveRtp.subscribe((packet) => {
        if (room.publisher === publisher) onPublisherRtp(room, kind, packet);
      });
    });
    await pc.setRemoteDescription({ type: 'offer', sdp });
    for (const transceiver of pc.getTransceivers()) {
      transceiver.setDirection('recvonly');
    }
    const answerSdp = await answerOf(pc);
    for (const transceiver of pc.getTransceivers()) {
      const kind = transceiver.kind === 'video' ? 'video' : 'audio';
      const codec = transceiver.codecs[0];
      if (!codec || transceiver.currentDirection === 'inactive') continue;
      publisher.codecs[kind] = codec;
      publisher.receivers[kind] = transceiver.receiver;
    }
    if (!publisher.codecs.video && !publisher.codecs.audio)
      throw new WebRtcFailure('bad-offer', 'no H.264, VP8 or Opus media in the offer');
    watch(publisher);
    const interval = options.keyframeIntervalMs ?? 0;
    if (interval > 0) publisher.timers.push(setInterval(() => requestKeyframe(room, true), interval));
    const media = (['video', 'audio'] as const).flatMap((kind) => {
      const codec = publisher.codecs[kind];
      return codec ? [codecInfo(kind, codec)] : [];
    });
    return { sessionId: publisher.id, answerSdp, media };
  } catch (error) {
    await closeSession(publisher.id, 'failed', false);
    if (error instanceof WebRtcFailure) throw error;
    throw new WebRtcFailure('bad-offer', error instanceof Error ? error.message : String(error));
  }
}

async function subscribe(roomKey: string, sdp: string, options: SubscribeOptions): Promise<SubscribeResult> {
  checkOffer(sdp);
  const room = rooms.get(roomKey);
  const publisher = room?.publisher;
  if (!room || !publisher) throw new WebRtcFailure('no-publisher', 'nobody publishes to the room');
  if (options.maxSubscribers !== undefined && room.subscribers.size >= options.maxSubscribers)
    throw new WebRtcFailure('subscriber-limit', 'the room has its maximum of subscribers');
  // The subscriber gets the publisher's packets as they are: only the publisher's codecs are offered.
  const pick = (kind: 'video' | 'audio') => {
    const codec = publisher.codecs[kind];
    return codec ? [new RTCRtpCodecParameters({ ...codec, rtcpFeedback: [...codec.rtcpFeedback] })] : [];
  };
  const pc = new RTCPeerConnection(peerConfig({ video: pick('video'), audio: pick('audio') }));
  const subscriber: Subscriber = {
    id: randomUUID(),
    roomKey,
    role: 'subscriber',
    pc,
    closed: false,
    timers: [],
    senders: {},
  };
  sessions.set(subscriber.id, subscriber);
  room.subscribers.add(subscriber);
  try {
    await pc.setRemoteDescription({ type: 'offer', sdp });
    for (const transceiver of pc.getTransceivers()) {
      const kind = transceiver.kind === 'video' ? 'video' : 'audio';
      if (!publisher.codecs[kind] || subscriber.senders[kind]) {
        transceiver.setDirection('inactive');
        continue;
      }
      transceiver.setDirection('sendonly');
      subscriber.senders[kind] = transceiver.sender;
      if (kind === 'video')
        transceiver.sender.onPictureLossIndication.subscribe(() => requestKeyframe(roomOf(roomKey)));
    }
    if (!subscriber.senders.video && !subscriber.senders.audio)
      throw new WebRtcFailure('bad-offer', 'the offer takes none of the publisher’s media');
    const answerSdp = await answerOf(pc);
    watch(subscriber);
    return { sessionId: subscriber.id, answerSdp };
  } catch (error) {
    await closeSession(subscriber.id, 'failed', false);
    if (error instanceof WebRtcFailure) throw error;
    throw new WebRtcFailure('bad-offer', error instanceof Error ? error.message : String(error));
  }
}

async function closeSession(sessionId: string, reason: CloseReason, notify = true): Promise<boolean> {
  const session = sessions.get(sessionId);
  if (!session || session.closed) return false;
  session.closed = true;
  sessions.delete(sessionId);
  for (const timer of session.timers) clearTimeout(timer);
  const room = rooms.get(session.roomKey);
  if (room) {
    if (session.role === 'publisher' && room.publisher === session) {
      room.publisher = null;
      // Subscribers got this publisher's codecs: a new publisher needs new subscriptions.
      for (const subscriber of [...room.subscribers]) await closeSession(subscriber.id, 'publisher-left');
    } else if (session.role === 'subscriber') room.subscribers.delete(session as Subscriber);
    dropIfEmpty(room);
  }
  await session.pc.close().catch(() => {});
  if (notify)
    emit({ type: 'event', event: 'closed', sessionId, roomKey: session.roomKey, role: session.role, reason });
  return true;
}

async function setForward(roomKey: string, target: RtpForward | null): Promise<void> {
  const room = roomOf(roomKey);
  room.forward?.socket.close();
  room.forward = null;
  if (target) {
    const socket = createSocket('udp4');
    socket.on('error', () => {}); // the reader may be gone for a moment: packets are dropped
    room.forward = { target, socket };
    requestKeyframe(room, true);
  }
  dropIfEmpty(room);
}

async function handle(request: Request): Promise<unknown> {
  if (stopping && request.type !== 'stop' && request.type !== 'close')
    throw new WebRtcFailure('stopped', 'stopping');
  switch (request.type) {
    case 'publish':
      return publish(request.roomKey, request.sdp, request.options);
    case 'subscribe':
      return subscribe(request.roomKey, request.sdp, request.options);
    case 'close':
      return closeSession(request.sessionId, 'closed');
    case 'forward':
      return setForward(request.roomKey, request.target);
    case 'keyframe':
      requestKeyframe(roomOf(request.roomKey), true);
      dropIfEmpty(roomOf(request.roomKey));
      return null;
    case 'ping':
      return null;
    case 'stop': {
      stopping = true;
      await Promise.all([...sessions.keys()].map((id) => closeSession(id, 'stopped')));
      for (const room of rooms.values()) room.forward?.socket.close();
      rooms.clear();
      return null;
    }
  }
}

// A peer's malformed packet can make werift throw outside any call of ours: one peer's failure must not
// end every other peer's session, so the worker reports it and goes on.
process.on('uncaughtException', (error) =>
  emit({ type: 'event', event: 'error', message: String(error?.stack ?? error) }),
);
process.on('unhandledRejection', (error) => emit({ type: 'event', event: 'error', message: String(error) }));

port.on('message', (request: Request) => {
  handle(request).then(
    (result) =>
      port.postMessage({ type: 'reply', id: request.id, ok: true, result: result ?? null } satisfies Reply),
    (error: unknown) => {
      const failure = error instanceof WebRtcFailure;
      port.postMessage({
        type: 'reply',
        id: request.id,
        ok: false,
        code: failure ? error.code : 'internal',
        message: error instanceof Error ? error.message : String(error),
      } satisfies Reply);
    },
  );
});
