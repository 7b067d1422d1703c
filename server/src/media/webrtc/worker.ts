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
  RtcpPayloadSpecificFeedback,
  type RtpPacket,
  useVP8 as vp8Codec,
} from 'werift';
import { stapA, type VideoCodecName, type VideoPacketInfo, videoPacketInfo } from './keyframes.ts';
import type {
  CloseReason,
  MediaCodec,
  PublishOptions,
  PublishResult,
  Reply,
  Request,
  RoomStats,
  RtpForward,
  StartTimeline,
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
/** Keyframe requests reach the publisher at most this often (each keyframe costs the sender bits). */
const KEYFRAME_MIN_GAP_MS = 300;
/**
 * While a consumer still lacks a keyframe, the request is repeated this often: the first one may have
 * been lost, or sent before the publisher's first packet told its SSRC (docs/studio.md "Keyframes on
 * demand").
 */
const KEYFRAME_RETRY_MS = 1000;
/** A gap in the publisher's video sequence numbers asks for a keyframe at most this often. */
const LOSS_KEYFRAME_GAP_MS = 1000;
/**
 * The publisher's current group of pictures is kept up to this size for new subscribers (docs/playback.md
 * "WHEP startup: the first frame"); a larger one is not kept, and a new subscriber waits for the next
 * keyframe (1 MiB: a 2 s group at 4 Mbit/s).
 */
const MAX_GOP_BYTES = 1024 * 1024;
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
  /** A request that could not be sent yet (no video SSRC known): sent with the first video packet. */
  keyframePending: boolean;
  /** The video codec as the keyframe detection knows it, null when neither H.264 nor VP8. */
  videoCodec: VideoCodecName | null;
  /** The publisher's video SSRC, from its packets. */
  videoSsrc: number | undefined;
  /** The last video sequence number seen (loss detection). */
  lastVideoSeq: number | undefined;
  lastLossRequest: number;
  /** The timestamp of the last video packet (a new one starts an access unit). */
  lastVideoTs: number | undefined;
  /** The last H.264 parameter sets seen, re-sent ahead of a keyframe that comes without them. */
  sps: Buffer | null;
  pps: Buffer | null;
  /** The FIR command sequence number (RFC 5104 4.3.1). */
  firSeq: number;
  /**
   * The video packets of the access unit under way (the start of a group, if it is a keyframe); null
   * when one of them was lost.
   */
  au: KeptPacket[] | null;
  /** The video since its last keyframe, in order; null while unknown (none yet, a lost packet, too large). */
  gop: Gop | null;
  stats: RoomStats;
}

/** A publisher's video packet as it came, with what keyframes.ts read of it. */
interface KeptPacket {
  packet: RtpPacket;
  info: VideoPacketInfo;
  /** It opens an access unit (its timestamp differs from the packet before). */
  auStart: boolean;
}

/** A group of pictures: its keyframe's access unit, then every packet since. */
interface Gop {
  packets: KeptPacket[];
  bytes: number;
  /** The keyframe's RTP timestamp (its other slices belong to it). */
  keyTs: number;
}

/**
 * One receiver of the publisher's video (a subscriber's sender, the forward to the hop): its video is
 * held back until a keyframe has passed to it, and its sequence numbers are shifted by the parameter-set
 * packets inserted for it.
 */
interface VideoConsumer {
  waiting: boolean;
  seqShift: number;
  /** The RTP timestamp of the last access unit whose SPS / PPS reached it. */
  spsTs: number | undefined;
  ppsTs: number | undefined;
}

function newConsumer(): VideoConsumer {
  return { waiting: true, seqShift: 0, spsTs: undefined, ppsTs: undefined };
}

interface Subscriber extends Session {
  role: 'subscriber';
  senders: Partial<Record<'video' | 'audio', RTCRtpSender>>;
  /** ICE+DTLS up: packets sent before are dropped by werift, so no keyframe can have passed. */
  connected: boolean;
  video: VideoConsumer;
  /** When its offer came (performance.now()), and when its start passed each step since. */
  offeredAt: number;
  timeline: Partial<StartTimeline>;
}

/** Notes when a subscriber's start passed a step (the first time only); the first keyframe ends it. */
function mark(subscriber: Subscriber, step: keyof StartTimeline): void {
  if (subscriber.timeline[step] !== undefined || subscriber.timeline.firstKeyframe !== undefined) return;
  subscriber.timeline[step] = Math.round(performance.now() - subscriber.offeredAt);
  if (step === 'firstKeyframe')
    emit({
      type: 'event',
      event: 'started',
      sessionId: subscriber.id,
      roomKey: subscriber.roomKey,
      timeline: { answered: 0, ...subscriber.timeline },
    });
}

interface Room {
  key: string;
  publisher: Publisher | null;
  subscribers: Set<Subscriber>;
  forward: { target: RtpForward; socket: Socket; video: VideoConsumer } | null;
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
      if (session.role === 'subscriber') {
        const subscriber = session as Subscriber;
        const room = roomOf(session.roomKey);
        // A start gets the group kept since the publisher's last keyframe at once; the publisher is
        // asked for a keyframe all the same (a reconnection, ICE recovered, needs one; a start with no
        // group kept waits for it).
        const starting = !subscriber.connected;
        subscriber.connected = true;
        mark(subscriber, 'connected');
        if (starting) replayGop(room, subscriber);
        requestKeyframe(room, { force: true });
      }
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

/**
 * Asks the publisher for a keyframe: a PLI, and a FIR (RFC 5104) when `full` and the publisher
 * negotiated it (a decoder that starts over, a subscriber's own FIR) or when it negotiated no PLI.
 * `force` skips the minimum gap between requests (a new consumer, the set interval).
 */
function requestKeyframe(room: Room, { force = false, full = false } = {}): void {
  const publisher = room.publisher;
  if (!publisher) return;
  const now = Date.now();
  if (!force && now - publisher.lastKeyframeRequest < KEYFRAME_MIN_GAP_MS) return;
  const receiver = publisher.receivers.video;
  // The SSRC of a packet that arrived, not the one the offer announced: before its first packet the
  // publisher's DTLS may not be up yet, and a request sent then is lost.
  const ssrc = publisher.videoSsrc;
  if (!receiver) return;
  if (ssrc === undefined) {
    publisher.keyframePending = true;
    return;
  }
  publisher.keyframePending = false;
  publisher.lastKeyframeRequest = now;
  publisher.stats.keyframeRequests++;
  const feedback = publisher.codecs.video?.rtcpFeedback ?? [];
  const pli = feedback.some((f) => f.type === 'nack' && f.parameter === 'pli');
  const fir = feedback.some((f) => f.type === 'ccm' && f.parameter === 'fir');
  // A PLI whenever negotiated (some senders, aiortc among them, answer only PLIs), a FIR besides it
  // when a decoder starts over and the sender takes FIRs.
  if (pli) void receiver.sendRtcpPLI(ssrc).catch(() => {});
  if (fir && (full || !pli)) {
    publisher.firSeq = (publisher.firSeq + 1) & 0xff;
    const packet = new RtcpPayloadSpecificFeedback({
      feedback: firFeedback(receiver.rtcpSsrc, ssrc, publisher.firSeq),
    });
    void receiver.dtlsTransport.sendRtcp([packet]).catch(() => {});
  }
}

/** The FMT of a Full Intra Request among payload-specific feedback (RFC 5104 4.3.1). */
const FIR_FMT = 4;

/** A FIR for one SSRC (werift parses FIRs but does not export their class). */
function firFeedback(senderSsrc: number, ssrc: number, sequenceNumber: number) {
  const body = Buffer.alloc(16);
  body.writeUInt32BE(senderSsrc, 0);
  body.writeUInt32BE(0, 4); // the media source SSRC of a FIR is 0: the request names its SSRC
  body.writeUInt32BE(ssrc, 8);
  body[12] = sequenceNumber;
  const feedback = { count: FIR_FMT, length: body.length / 4 - 1, serialize: () => body };
  return feedback as unknown as RtcpPayloadSpecificFeedback['feedback'];
}

/** True while some consumer of the room's video still waits for its first keyframe. */
function anyoneWaiting(room: Room): boolean {
  if (room.forward?.target.video && room.forward.video.waiting) return true;
  for (const subscriber of room.subscribers)
    if (subscriber.connected && subscriber.senders.video && subscriber.video.waiting) return true;
  return false;
}

/**
 * The video packets one consumer gets for one packet of the publisher: nothing while it waits for a
 * keyframe, the cached SPS+PPS as a STAP-A ahead of a keyframe that comes without them, then the packet,
 * sequence numbers shifted by what was inserted so the consumer sees no gap.
 */
function videoFor(
  publisher: Publisher,
  consumer: VideoConsumer,
  packet: RtpPacket,
  info: ReturnType<typeof videoPacketInfo>,
  auStart: boolean,
): RtpPacket[] {
  if (consumer.waiting) {
    // An access unit opens at its parameter sets or its keyframe slice; an H.264 decoder also needs
    // the parameter sets, so without any seen yet the consumer waits for a keyframe that has them.
    if (!(info.keyframe || (auStart && info.sps.length > 0))) return [];
    if (publisher.videoCodec === 'H264' && !(publisher.sps && publisher.pps)) return [];
    consumer.waiting = false;
    publisher.stats.keyframesPassed++;
  }
  const ts = packet.header.timestamp;
  if (info.sps.length > 0) consumer.spsTs = ts;
  if (info.pps.length > 0) consumer.ppsTs = ts;
  const out: RtpPacket[] = [];
  if (
    info.keyframe &&
    publisher.videoCodec === 'H264' &&
    publisher.sps &&
    publisher.pps &&
    (consumer.spsTs !== ts || consumer.ppsTs !== ts)
  ) {
    const params = packet.clone();
    params.payload = stapA([publisher.sps, publisher.pps]);
    params.header.marker = false;
    params.header.padding = false;
    params.header.paddingSize = 0;
    params.header.sequenceNumber = (packet.header.sequenceNumber + consumer.seqShift) & 0xffff;
    consumer.seqShift = (consumer.seqShift + 1) & 0xffff;
    consumer.spsTs = ts;
    consumer.ppsTs = ts;
    publisher.stats.parameterSetsInserted++;
    out.push(params);
  }
  if (consumer.seqShift === 0) out.push(packet);
  else {
    const copy = packet.clone();
    copy.header.sequenceNumber = (packet.header.sequenceNumber + consumer.seqShift) & 0xffff;
    out.push(copy);
  }
  return out;
}

/**
 * Keeps the publisher's in-order video from its last keyframe on (docs/playback.md "WHEP startup: the
 * first frame"): a keyframe starts a new group at its access unit (the parameter sets before its
 * slice included); none is kept after a lost packet (its pictures are broken) or past MAX_GOP_BYTES.
 */
function keepGop(publisher: Publisher, kept: KeptPacket): void {
  if (kept.auStart) publisher.au = [];
  publisher.au?.push(kept);
  const ts = kept.packet.header.timestamp;
  let gop = publisher.gop;
  if (kept.info.keyframe && gop?.keyTs !== ts && publisher.au) {
    gop = { packets: [], bytes: 0, keyTs: ts };
    for (const earlier of publisher.au) {
      gop.packets.push(earlier);
      gop.bytes += earlier.packet.payload.length;
    }
    publisher.gop = gop;
    return;
  }
  if (!gop) return;
  gop.packets.push(kept);
  gop.bytes += kept.packet.payload.length;
  if (gop.bytes > MAX_GOP_BYTES) publisher.gop = null;
}

/**
 * A subscriber that just connected gets the publisher's current group of pictures at once, from its
 * keyframe (docs/playback.md "WHEP startup: the first frame"): its first frame does not wait for the
 * publisher's next keyframe, which a sender that ignores keyframe requests (ffmpeg, a hardware encoder)
 * makes only at its own interval. Sequence numbers go on as the live packets' will (the group's are the
 * publisher's, shifted as this consumer's are); timestamps are packed just behind the newest picture's
 * (1 ms apart), so the browser decodes the group at once and shows the newest picture, instead of
 * playing the group out at its pace and staying that far behind the live edge. The newest picture
 * keeps its timestamp: the live packets that follow need no rewriting. False when no group is kept.
 */
function replayGop(room: Room, subscriber: Subscriber): boolean {
  const publisher = room.publisher;
  const gop = publisher?.gop;
  const sender = subscriber.senders.video;
  const codec = publisher?.codecs.video;
  if (!publisher || !gop || !sender || !codec || !publisher.videoCodec || !subscriber.video.waiting)
    return false;
  const step = Math.max(1, Math.round(codec.clockRate / 1000));
  let pictures = 0;
  for (const kept of gop.packets) if (kept.auStart || kept === gop.packets[0]) pictures++;
  const newest = gop.packets[gop.packets.length - 1]?.packet.header.timestamp ?? 0;
  let picture = -1;
  for (const kept of gop.packets) {
    if (kept.auStart || picture < 0) picture++;
    const ts = (newest - (pictures - 1 - picture) * step) >>> 0;
    for (const out of videoFor(publisher, subscriber.video, kept.packet, kept.info, kept.auStart)) {
      const copy = out === kept.packet ? out.clone() : out;
      copy.header.timestamp = ts;
      void sender.sendRtp(copy).catch(() => {});
      mark(subscriber, 'firstRtp');
    }
  }
  if (subscriber.video.waiting) return false;
  mark(subscriber, 'firstKeyframe');
  publisher.stats.gopsReplayed++;
  return true;
}

function onPublisherVideo(room: Room, publisher: Publisher, packet: RtpPacket): void {
  const { header } = packet;
  publisher.videoSsrc = header.ssrc;
  if (publisher.keyframePending) requestKeyframe(room, { force: true });
  // A gap in the sequence numbers: a frame is broken until the next keyframe.
  const last = publisher.lastVideoSeq;
  const ahead = last === undefined ? 1 : (header.sequenceNumber - last) & 0xffff;
  if (ahead === 0 || ahead > 0x8000) {
    forwardVideo(room, publisher, packet, false); // a late or repeated packet (a retransmission)
    return;
  }
  publisher.lastVideoSeq = header.sequenceNumber;
  if (ahead > 1) {
    publisher.stats.gaps++;
    publisher.gop = null;
    publisher.au = null;
    const now = Date.now();
    if (now - publisher.lastLossRequest >= LOSS_KEYFRAME_GAP_MS) {
      publisher.lastLossRequest = now;
      requestKeyframe(room);
    }
  }
  forwardVideo(room, publisher, packet, true);
}

function forwardVideo(room: Room, publisher: Publisher, packet: RtpPacket, inOrder: boolean): void {
  const codec = publisher.videoCodec;
  const info = codec ? videoPacketInfo(codec, packet.payload) : { keyframe: false, sps: [], pps: [] };
  if (info.keyframe) publisher.stats.keyframesSeen++;
  if (inOrder) {
    if (info.sps[0]) publisher.sps = info.sps[0];
    if (info.pps[0]) publisher.pps = info.pps[0];
  }
  // The first packet of an access unit: its timestamp differs from the previous packet's.
  const auStart = publisher.lastVideoTs !== packet.header.timestamp;
  publisher.lastVideoTs = packet.header.timestamp;
  if (inOrder && codec) keepGop(publisher, { packet, info, auStart });
  for (const subscriber of room.subscribers) {
    const sender = subscriber.senders.video;
    if (!sender || !subscriber.connected) continue;
    const waiting = subscriber.video.waiting;
    const packets = codec ? videoFor(publisher, subscriber.video, packet, info, auStart) : [packet];
    for (const out of packets) void sender.sendRtp(out).catch(() => {});
    if (packets.length > 0) mark(subscriber, 'firstRtp');
    if (waiting && !subscriber.video.waiting) mark(subscriber, 'firstKeyframe');
  }
  const forward = room.forward;
  const target = forward?.target.video;
  if (forward && target) {
    for (const out of codec ? videoFor(publisher, forward.video, packet, info, auStart) : [packet]) {
      const copy = out === packet ? packet.clone() : out;
      copy.header.payloadType = target.payloadType;
      forward.socket.send(copy.serialize(), target.port, forward.target.host);
    }
  }
}

function onPublisherRtp(room: Room, kind: 'video' | 'audio', packet: RtpPacket): void {
  const publisher = room.publisher;
  if (!publisher) return;
  if (kind === 'video') {
    onPublisherVideo(room, publisher, packet);
    return;
  }
  for (const subscriber of room.subscribers) {
    const sender = subscriber.senders.audio;
    if (!sender) continue;
    void sender.sendRtp(packet).catch(() => {});
    if (subscriber.connected) mark(subscriber, 'firstRtp');
  }
  const forward = room.forward;
  const out = forward?.target.audio;
  if (forward && out) {
    const copy = packet.clone();
    copy.header.payloadType = out.payloadType;
    forward.socket.send(copy.serialize(), out.port, forward.target.host);
  }
}

/** What the server takes from a publisher's video: NACK, PLI, FIR (RFC 5104), REMB. */
function videoFeedback() {
  return [
    { type: 'nack' },
    { type: 'nack', parameter: 'pli' },
    { type: 'ccm', parameter: 'fir' },
    { type: 'goog-remb' },
  ];
}

async function publish(roomKey: string, sdp: string, options: PublishOptions): Promise<PublishResult> {
  checkOffer(sdp);
  const room = roomOf(roomKey);
  if (room.publisher) throw new WebRtcFailure('room-busy', 'the room has a publisher');
  const pc = new RTCPeerConnection(
    peerConfig({
      video: [
        h264Codec({ payloadType: 102, rtcpFeedback: videoFeedback() }),
        vp8Codec({ payloadType: 96, rtcpFeedback: videoFeedback() }),
      ],
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
    keyframePending: false,
    videoCodec: null,
    videoSsrc: undefined,
    lastVideoSeq: undefined,
    lastVideoTs: undefined,
    lastLossRequest: 0,
    sps: null,
    pps: null,
    firSeq: 0,
    au: [],
    gop: null,
    stats: {
      keyframeRequests: 0,
      keyframesSeen: 0,
      keyframesPassed: 0,
      parameterSetsInserted: 0,
      gaps: 0,
      gopsReplayed: 0,
    },
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
    const videoName = publisher.codecs.video?.mimeType.split('/')[1]?.toUpperCase();
    publisher.videoCodec = videoName === 'H264' || videoName === 'VP8' ? videoName : null;
    watch(publisher);
    const interval = options.keyframeIntervalMs ?? 0;
    if (interval > 0)
      publisher.timers.push(setInterval(() => requestKeyframe(room, { force: true }), interval));
    // Keep asking while a consumer lacks its first keyframe (docs/studio.md "Keyframes on demand").
    publisher.timers.push(
      setInterval(() => {
        if (room.publisher === publisher && anyoneWaiting(room)) requestKeyframe(room);
      }, KEYFRAME_RETRY_MS),
    );
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
    connected: false,
    video: newConsumer(),
    offeredAt: performance.now(),
    timeline: {},
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
      if (kind === 'video') {
        // The subscriber's decoder lacks a picture: its PLI, or its FIR, reaches the publisher.
        transceiver.sender.onPictureLossIndication.subscribe(() => requestKeyframe(roomOf(roomKey)));
        transceiver.sender.onRtcp.subscribe((packet) => {
          if (packet instanceof RtcpPayloadSpecificFeedback && packet.feedback.count === FIR_FMT)
            requestKeyframe(roomOf(roomKey), { full: true });
        });
      }
    }
    if (!subscriber.senders.video && !subscriber.senders.audio)
      throw new WebRtcFailure('bad-offer', 'the offer takes none of the publisher’s media');
    const answerSdp = await answerOf(pc);
    mark(subscriber, 'answered');
    pc.iceConnectionStateChange.subscribe((state) => {
      if (state === 'connected' || state === 'completed') mark(subscriber, 'iceConnected');
    });
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
    room.forward = { target, socket, video: newConsumer() };
    // The hop's decoder starts: it needs a keyframe and its parameter sets.
    requestKeyframe(room, { force: true, full: true });
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
      requestKeyframe(roomOf(request.roomKey), { force: true, full: true });
      dropIfEmpty(roomOf(request.roomKey));
      return null;
    case 'stats':
      return rooms.get(request.roomKey)?.publisher?.stats ?? null;
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
