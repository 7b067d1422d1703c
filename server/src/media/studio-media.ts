import { ApiError } from '../lib/errors.ts';
import { type WebRtcCore, WebRtcError } from './webrtc/core.ts';

/** The room a studio guest publishes to (docs/studio.md): the presenter's page subscribes to it. */
export const guestRoom = (liveId: string, guestId: string) => `guest:${liveId}:${guestId}`;

/** Receivers of one guest at once: the presenter's page, and a second tab or a reload meanwhile. */
export const MAX_GUEST_SUBSCRIBERS = 4;

/**
 * The studio's WebRTC sessions on this instance: which room each belongs to, so that a DELETE of a
 * session names its own room and removing a guest ends what it publishes. (The rooms themselves live in
 * the core's worker; a guest and its presenter reach the same instance, docs/studio.md "Limits".)
 */
export class StudioSessions {
  private readonly rooms = new Map<string, string>();

  constructor(private readonly core: WebRtcCore) {
    core.on('closed', ({ sessionId }) => this.rooms.delete(sessionId));
  }

  async publish(room: string, offer: string) {
    const result = await mapped(() => this.core.publish(room, offer, { keyframeIntervalMs: 2000 }));
    this.rooms.set(result.sessionId, room);
    return result;
  }

  async subscribe(room: string, offer: string) {
    const result = await mapped(() =>
      this.core.subscribe(room, offer, { maxSubscribers: MAX_GUEST_SUBSCRIBERS }),
    );
    this.rooms.set(result.sessionId, room);
    return result;
  }

  /** Ends a session of this room; false when there is no such session (here). */
  async close(room: string, sessionId: string): Promise<boolean> {
    if (this.rooms.get(sessionId) !== room) return false;
    this.rooms.delete(sessionId);
    await this.core.close(sessionId);
    return true;
  }

  /** Ends every session of a room (a guest removed). */
  async closeRoom(room: string): Promise<void> {
    const ids = [...this.rooms].filter(([, r]) => r === room).map(([id]) => id);
    for (const id of ids) await this.close(room, id);
  }
}

const sessions = new WeakMap<WebRtcCore, StudioSessions>();
/** The one StudioSessions of a core (the guests' and the presenter's routes share it). */
export function studioSessions(core: WebRtcCore): StudioSessions {
  let found = sessions.get(core);
  if (!found) {
    found = new StudioSessions(core);
    sessions.set(core, found);
  }
  return found;
}

/** The core's errors as the studio's HTTP answers. */
async function mapped<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof WebRtcError)) throw error;
    if (error.code === 'bad-offer') throw new ApiError(400, 'sdpInvalid');
    if (error.code === 'room-busy') throw new ApiError(409, 'guestAlreadyPublishing');
    if (error.code === 'no-publisher') throw new ApiError(409, 'guestNotPublishing');
    if (error.code === 'subscriber-limit')
      throw new ApiError(429, 'guestSubscriberLimit', { params: { max: MAX_GUEST_SUBSCRIBERS } });
    throw new ApiError(503, 'webrtcUnavailable');
  }
}
