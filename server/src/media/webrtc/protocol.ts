// The messages between the API thread (core.ts) and the WebRTC worker (worker.ts). Types only: the
// worker loads this file without a bundler, so nothing here may need one.

/** The server side of every peer connection (werift's PeerConfig, the part that is ours to set). */
export interface WebRtcSettings {
  /** UDP ports for ICE, inclusive; null: any free port. */
  portRange: [number, number] | null;
  /** The address announced in ICE candidates instead of the local one (a server behind 1:1 NAT). */
  publicIp: string | null;
  /** The local IPv4 address to gather candidates on (loopback allowed); null: every interface. */
  interfaceAddress: string | null;
  /** STUN/TURN servers the server's peer connections use (RTCIceServer objects). */
  iceServers: { urls: string; username?: string; credential?: string }[];
  /** A peer that has not connected this long after its answer is closed. */
  connectTimeoutMs: number;
  /** A connected peer that stays disconnected this long is closed. */
  disconnectTimeoutMs: number;
}

/** A negotiated codec of one kind of a publisher. */
export interface MediaCodec {
  kind: 'video' | 'audio';
  /** `H264`, `VP8`, `opus` (as in an SDP rtpmap). */
  name: string;
  clockRate: number;
  channels?: number;
  /** The fmtp line's parameters, when there are. */
  fmtp?: string;
}

/**
 * Where a room's publisher's RTP is also sent, as plain RTP over UDP. No RTCP goes there: a reader that
 * re-synced its streams on the sender's reports would move its timestamps at each of them
 * (docs/studio.md "The hop's timestamps").
 */
export interface RtpForward {
  host: string;
  video?: { port: number; payloadType: number };
  audio?: { port: number; payloadType: number };
}

export interface PublishOptions {
  /** Ask the publisher for a keyframe this often (ms); 0 or absent: only when a subscriber asks. */
  keyframeIntervalMs?: number;
}

/** What a room's publisher's video went through (docs/studio.md "Keyframes on demand"). */
export interface RoomStats {
  /** Keyframe requests (PLI/FIR) sent to the publisher. */
  keyframeRequests: number;
  /** Packets that started a keyframe. */
  keyframesSeen: number;
  /** Keyframes that ended a consumer's wait (a new subscriber, the hop's start). */
  keyframesPassed: number;
  /** SPS+PPS packets inserted ahead of a keyframe that came without them. */
  parameterSetsInserted: number;
  /** Gaps in the publisher's video sequence numbers (lost packets). */
  gaps: number;
  /** Subscribers started on the group of pictures kept since the publisher's last keyframe. */
  gopsReplayed: number;
}

/**
 * When a subscriber's start passed each step, in ms after its offer reached the worker
 * (docs/playback.md "WHEP startup: the first frame"): where a viewer's first frame waits.
 */
export interface StartTimeline {
  /** The SDP answer built (candidates gathered). */
  answered: number;
  /** ICE connected (a check nominated). */
  iceConnected?: number;
  /** DTLS and SRTP up: the peer connection's state `connected`. */
  connected?: number;
  /** The first RTP packet sent to it (audio or video). */
  firstRtp?: number;
  /** The first video packet of a keyframe sent to it. */
  firstKeyframe?: number;
}

export interface SubscribeOptions {
  /** Refuse the subscriber when the room already has this many. */
  maxSubscribers?: number;
}

export type WebRtcErrorCode =
  /** The offer cannot be parsed or has no media the server takes (H.264/VP8 video, Opus audio). */
  | 'bad-offer'
  /** The room already has a publisher. */
  | 'room-busy'
  /** Nobody publishes to the room (a subscriber needs a publisher's codecs). */
  | 'no-publisher'
  /** The room has its maximum of subscribers. */
  | 'subscriber-limit'
  /** The server's WebRTC is stopping or stopped. */
  | 'stopped';

export type CloseReason = 'closed' | 'failed' | 'timeout' | 'publisher-left' | 'stopped';

export type Request =
  | { type: 'publish'; id: number; roomKey: string; sdp: string; options: PublishOptions }
  | { type: 'subscribe'; id: number; roomKey: string; sdp: string; options: SubscribeOptions }
  | { type: 'close'; id: number; sessionId: string }
  | { type: 'forward'; id: number; roomKey: string; target: RtpForward | null }
  | { type: 'keyframe'; id: number; roomKey: string }
  | { type: 'stats'; id: number; roomKey: string }
  | { type: 'ping'; id: number }
  | { type: 'stop'; id: number };

export type Reply =
  | { type: 'reply'; id: number; ok: true; result: unknown }
  | { type: 'reply'; id: number; ok: false; code: WebRtcErrorCode | 'internal'; message: string };

export type WorkerEvent =
  | { type: 'event'; event: 'error'; message: string }
  | { type: 'event'; event: 'connected'; sessionId: string; roomKey: string }
  | { type: 'event'; event: 'started'; sessionId: string; roomKey: string; timeline: StartTimeline }
  | {
      type: 'event';
      event: 'closed';
      sessionId: string;
      roomKey: string;
      role: 'publisher' | 'subscriber';
      reason: CloseReason;
    };

export interface PublishResult {
  sessionId: string;
  answerSdp: string;
  media: MediaCodec[];
}

export interface SubscribeResult {
  sessionId: string;
  answerSdp: string;
}
