import { randomBytes } from 'node:crypto';
import type { WebRtcCore } from './webrtc/core.ts';

/**
 * WHEP viewers of lives (docs/playback.md "WHEP"): who watches which live over WebRTC, within the
 * per-live and per-address bounds, until the viewer leaves (DELETE), the forwarder drops it (the
 * publisher left, ICE failed) or its playback token expires.
 */

/** One viewer's forwarder leg, as the WebRTC core answers it. */
export interface WhepSubscription {
  /** The SDP answer. */
  answer: string;
  /** Ends the leg (idempotent). */
  close(): void | Promise<void>;
  /** Told once when the leg ends on its own (the publisher left, the peer failed). */
  onClosed(listener: () => void): void;
}

/** What the WHEP route needs of the server's WebRTC core: a room's publisher and a subscribe. */
export interface WhepSource {
  /** Whether a WHIP publisher is in the room now. */
  isPublished(room: string): boolean;
  /** A receiver of the room's publisher for this offer; rejects when the offer cannot be answered. */
  subscribe(room: string, offerSdp: string): Promise<WhepSubscription>;
}

/** The WebRTC room of a live's WHIP publish. */
export const liveRoom = (liveId: string) => `live:${liveId}`;

interface Session {
  id: string;
  liveId: string;
  accountId: string;
  address: string;
  startedAt: number;
  /** Seconds already counted as delivered (billing). */
  metered: number;
  subscription: WhepSubscription | null;
  expiry: ReturnType<typeof setTimeout>;
  closed: boolean;
}

export type Admission = { ok: true; id: string } | { ok: false; bound: 'live' | 'address' };

export interface WhepSessionsOptions {
  maxPerLive: number;
  maxPerAddress: number;
  /** Delivered seconds of a viewer (the live's team is billed for them as for HLS segments). */
  deliver(accountId: string, seconds: number): void;
  now?: () => number;
}

/** How often a watching viewer's delivered seconds are counted. */
const METER_MS = 10_000;

export class WhepSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly meter: ReturnType<typeof setInterval>;
  private readonly now: () => number;

  constructor(private readonly options: WhepSessionsOptions) {
    this.now = options.now ?? Date.now;
    this.meter = setInterval(() => {
      for (const s of this.sessions.values()) this.count(s);
    }, METER_MS);
    this.meter.unref();
  }

  /** WHEP viewers on this instance now, every live together (the operator's /metrics). */
  get size(): number {
    return this.sessions.size;
  }

  /** Viewers of a live now (admitted ones, their answer under way included). */
  countLive(liveId: string): number {
    let n = 0;
    for (const s of this.sessions.values()) if (s.liveId === liveId) n++;
    return n;
  }

  private countAddress(address: string): number {
    let n = 0;
    for (const s of this.sessions.values()) if (s.address === address) n++;
    return n;
  }

  /**
   * Takes a place for a new viewer, before its answer is made (so concurrent offers cannot pass the
   * bounds), ending at `expiresAt` (epoch ms) whatever happens; `release` gives it back.
   */
  admit(o: { liveId: string; accountId: string; address: string; expiresAt: number }): Admission {
    if (this.countLive(o.liveId) >= this.options.maxPerLive) return { ok: false, bound: 'live' };
    if (this.countAddress(o.address) >= this.options.maxPerAddress) return { ok: false, bound: 'address' };
    const id = randomBytes(16).toString('base64url');
    const delay = Math.max(0, Math.min(o.expiresAt - this.now(), 2 ** 31 - 1));
    const expiry = setTimeout(() => void this.end(id), delay);
    expiry.unref();
    this.sessions.set(id, {
      id,
      liveId: o.liveId,
      accountId: o.accountId,
      address: o.address,
      startedAt: this.now(),
      metered: 0,
      subscription: null,
      expiry,
      closed: false,
    });
    return { ok: true, id };
  }

  /** The admitted viewer's leg is up: it lives until DELETE, its own end or the token's expiry. False
   * when the session ended meanwhile (the leg is then closed). */
  attach(id: string, subscription: WhepSubscription): boolean {
    const session = this.sessions.get(id);
    if (!session || session.closed) {
      void subscription.close();
      return false;
    }
    session.subscription = subscription;
    subscription.onClosed(() => void this.end(id));
    return true;
  }

  private count(session: Session): void {
    const seconds = Math.floor((this.now() - session.startedAt) / 1000) - session.metered;
    if (seconds <= 0 || !session.subscription) return;
    session.metered += seconds;
    this.options.deliver(session.accountId, seconds);
  }

  /** Ends a viewer's session (DELETE, expiry, the leg's end); false when there is none. */
  async end(id: string): Promise<boolean> {
    const session = this.sessions.get(id);
    if (!session) return false;
    session.closed = true;
    this.count(session);
    this.sessions.delete(id);
    clearTimeout(session.expiry);
    await session.subscription?.close();
    return true;
  }

  has(id: string): boolean {
    return this.sessions.has(id);
  }

  /** Ends every session (the server stops). */
  async endAll(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((id) => this.end(id)));
  }

  async close(): Promise<void> {
    clearInterval(this.meter);
    await this.endAll();
  }
}

/** The WHEP route's view of the server's WebRTC core (media/webrtc/core.ts): its rooms, a subscribe,
 * and each subscriber's end as the core announces it. */
export function coreSource(core: WebRtcCore): WhepSource {
  const ended = new Map<string, () => void>();
  core.on('closed', ({ sessionId }) => {
    const listener = ended.get(sessionId);
    ended.delete(sessionId);
    listener?.();
  });
  return {
    isPublished: (room) => core.hasPublisher(room),
    async subscribe(room, offerSdp) {
      const { sessionId, answerSdp } = await core.subscribe(room, offerSdp);
      return {
        answer: answerSdp,
        async close() {
          ended.delete(sessionId);
          await core.close(sessionId).catch(() => false);
        },
        onClosed(listener) {
          // Closed before its answer came back (the publisher left at once): over already.
          if (core.session(sessionId)) ended.set(sessionId, listener);
          else listener();
        },
      };
    },
  };
}
