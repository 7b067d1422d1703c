import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type {
  CloseReason,
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

export type {
  CloseReason,
  MediaCodec,
  PublishOptions,
  PublishResult,
  RoomStats,
  RtpForward,
  StartTimeline,
  SubscribeOptions,
  SubscribeResult,
  WebRtcErrorCode,
  WebRtcSettings,
} from './protocol.ts';

/**
 * The server's WebRTC (docs/studio.md "Design"): a selective forwarding unit in rooms, run in a worker
 * thread (worker.ts, werift) so that no DTLS, SRTP or RTP work runs on the API's event loop.
 *
 * - A room is named by its caller: `live:<streamId>` is the WHIP ingest of a live (WHEP viewers
 *   subscribe to it), `guest:<streamId>:<guestId>` a studio guest (the presenter subscribes). The core
 *   knows nothing of streams: any key works.
 * - `publish(roomKey, offerSdp, options)` → `{sessionId, answerSdp, media}`: the room's one sender
 *   (H.264 or VP8 video, Opus audio; `media` says what was negotiated). A second publisher of the room
 *   is refused (`room-busy`). `options.keyframeIntervalMs` asks the sender for a keyframe that often.
 * - `subscribe(roomKey, offerSdp, options)` → `{sessionId, answerSdp}`: a receiver that gets the
 *   publisher's RTP as it comes (no decoding), offered only the publisher's codecs. Needs a publisher
 *   (`no-publisher`); `options.maxSubscribers` bounds the room (`subscriber-limit`). A subscriber's PLI
 *   or FIR becomes a keyframe request to the publisher (throttled); a new subscriber's video waits for
 *   a keyframe, asked for until one has passed (docs/studio.md "Keyframes on demand").
 *   When the publisher leaves, its subscribers are closed (reason `publisher-left`).
 * - `forward(roomKey, target)`: the publisher's RTP also goes to plain UDP ports on loopback (the WHIP
 *   ingest's ffmpeg), payload types rewritten to the target's, sender reports to port + 1.
 * - `close(sessionId)`: ends a publisher or subscriber (idempotent). Each session that ends, whoever
 *   ends it, is announced once by a `closed` event `{sessionId, roomKey, role, reason}`; `connected`
 *   `{sessionId, roomKey}` when its ICE+DTLS is up; `started` `{sessionId, roomKey, timeline}` when a
 *   subscriber got its first keyframe (`timeline`: ms from its offer to each step of its start, logged
 *   by the plugin); `worker-error` `{message}` for an exception inside the worker that ended no session
 *   (logged by the plugin).
 * - `hasPublisher(roomKey)`, `subscriberCount(roomKey)`: this instance's rooms, answered at once.
 * Errors are `WebRtcError` with a `code` (`bad-offer`, `room-busy`, `no-publisher`, `subscriber-limit`,
 * `stopped`, `internal`); callers map them to HTTP answers.
 */
export class WebRtcError extends Error {
  readonly code: WebRtcErrorCode | 'internal';
  constructor(code: WebRtcErrorCode | 'internal', message: string) {
    super(message);
    this.name = 'WebRtcError';
    this.code = code;
  }
}

export interface WebRtcEvents {
  /** An error inside the worker that ended no session (a peer's malformed packet): for the log. */
  'worker-error': [{ message: string }];
  connected: [{ sessionId: string; roomKey: string }];
  /** A subscriber got its first keyframe: when each step of its start was passed. */
  started: [{ sessionId: string; roomKey: string; timeline: StartTimeline }];
  closed: [{ sessionId: string; roomKey: string; role: 'publisher' | 'subscriber'; reason: CloseReason }];
}

/** The worker's file: beside this one in the sources, `media/webrtc/worker.mjs` beside the bundle. */
function workerUrl(): URL {
  const source = new URL('./worker.ts', import.meta.url);
  if (import.meta.url.endsWith('.ts') || existsSync(fileURLToPath(source))) return source;
  return new URL('./media/webrtc/worker.mjs', import.meta.url);
}

/** A request before it has its id. */
type RequestBody = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export class WebRtcCore extends EventEmitter<WebRtcEvents> {
  /** Started by the first call: a server that never sees WebRTC never loads it. */
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stopped = false;
  /** This instance's rooms as the worker's events tell them: publisher session and subscriber sessions. */
  private readonly rooms = new Map<string, { publisher: string | null; subscribers: Set<string> }>();
  private readonly sessions = new Map<string, { roomKey: string; role: 'publisher' | 'subscriber' }>();

  constructor(readonly settings: WebRtcSettings) {
    super();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerUrl(), { workerData: this.settings, name: 'webrtc' });
    this.worker = worker;
    worker.on('message', (message: Reply | WorkerEvent) => this.onMessage(message));
    worker.on('error', (error) => {
      for (const pending of this.pending.values()) pending.reject(new WebRtcError('internal', error.message));
      this.pending.clear();
      this.forgetAll('failed');
    });
    worker.on('exit', () => {
      // A worker that died is started again by the next call; its sessions are gone.
      if (this.worker === worker) this.worker = null;
      for (const pending of this.pending.values())
        pending.reject(new WebRtcError('stopped', 'worker exited'));
      this.pending.clear();
      this.forgetAll('stopped');
    });
    return worker;
  }

  /** Answers once the worker runs (its modules loaded). */
  async ready(): Promise<void> {
    await this.call({ type: 'ping' });
  }

  async publish(roomKey: string, offerSdp: string, options: PublishOptions = {}): Promise<PublishResult> {
    const result = (await this.call({ type: 'publish', roomKey, sdp: offerSdp, options })) as PublishResult;
    this.remember(result.sessionId, roomKey, 'publisher');
    return result;
  }

  async subscribe(
    roomKey: string,
    offerSdp: string,
    options: SubscribeOptions = {},
  ): Promise<SubscribeResult> {
    const result = (await this.call({
      type: 'subscribe',
      roomKey,
      sdp: offerSdp,
      options,
    })) as SubscribeResult;
    this.remember(result.sessionId, roomKey, 'subscriber');
    return result;
  }

  /** Ends a session; true when it was running. */
  async close(sessionId: string): Promise<boolean> {
    if (this.stopped || !this.worker) return false;
    return (await this.call({ type: 'close', sessionId })) as boolean;
  }

  async forward(roomKey: string, target: RtpForward | null): Promise<void> {
    await this.call({ type: 'forward', roomKey, target });
  }

  async requestKeyframe(roomKey: string): Promise<void> {
    await this.call({ type: 'keyframe', roomKey });
  }

  /** The room's publisher's keyframe figures, or null without a publisher. */
  async stats(roomKey: string): Promise<RoomStats | null> {
    return (await this.call({ type: 'stats', roomKey })) as RoomStats | null;
  }

  hasPublisher(roomKey: string): boolean {
    return Boolean(this.rooms.get(roomKey)?.publisher);
  }

  subscriberCount(roomKey: string): number {
    return this.rooms.get(roomKey)?.subscribers.size ?? 0;
  }

  /** The room and role of a running session, or undefined. */
  session(sessionId: string): { roomKey: string; role: 'publisher' | 'subscriber' } | undefined {
    return this.sessions.get(sessionId);
  }

  /** Closes every session and ends the worker. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    const worker = this.worker;
    if (worker) await this.call({ type: 'stop' }).catch(() => {});
    this.stopped = true;
    await worker?.terminate();
  }

  private call(request: RequestBody): Promise<unknown> {
    if (this.stopped) return Promise.reject(new WebRtcError('stopped', 'stopped'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const worker = this.start();
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } as Request);
    });
  }

  private onMessage(message: Reply | WorkerEvent): void {
    if (message.type === 'reply') {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (message.ok) pending.resolve(message.result);
      else pending.reject(new WebRtcError(message.code, message.message));
      return;
    }
    if (message.event === 'error') {
      this.emit('worker-error', { message: message.message });
      return;
    }
    if (message.event === 'connected') {
      this.emit('connected', { sessionId: message.sessionId, roomKey: message.roomKey });
      return;
    }
    if (message.event === 'started') {
      const { sessionId, roomKey, timeline } = message;
      this.emit('started', { sessionId, roomKey, timeline });
      return;
    }
    const { sessionId, roomKey, role, reason } = message;
    // A session that closed before its publish/subscribe answer arrived is never remembered.
    this.forget(sessionId);
    this.emit('closed', { sessionId, roomKey, role, reason });
  }

  private remember(sessionId: string, roomKey: string, role: 'publisher' | 'subscriber'): void {
    if (this.closedEarly.delete(sessionId)) return;
    this.sessions.set(sessionId, { roomKey, role });
    let room = this.rooms.get(roomKey);
    if (!room) {
      room = { publisher: null, subscribers: new Set() };
      this.rooms.set(roomKey, room);
    }
    if (role === 'publisher') room.publisher = sessionId;
    else room.subscribers.add(sessionId);
  }

  /** Sessions whose `closed` event came before their answer (the worker answers, then may close). */
  private readonly closedEarly = new Set<string>();

  private forget(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (!session) {
      this.closedEarly.add(sessionId);
      return;
    }
    this.sessions.delete(sessionId);
    const room = this.rooms.get(session.roomKey);
    if (!room) return;
    if (room.publisher === sessionId) room.publisher = null;
    room.subscribers.delete(sessionId);
    if (!room.publisher && room.subscribers.size === 0) this.rooms.delete(session.roomKey);
  }

  private forgetAll(reason: CloseReason): void {
    for (const [sessionId, { roomKey, role }] of [...this.sessions]) {
      this.forget(sessionId);
      this.emit('closed', { sessionId, roomKey, role, reason });
    }
  }
}
