import type { FastifyInstance } from 'fastify';
import { admittedGuestIds, markGuestLost } from '../db/repositories/studio.ts';
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
  /** The sessions of `rooms` that publish (a guest's camera), the others receive. */
  private readonly publishers = new Set<string>();
  /**
   * Told when a guest's publish ends by itself (its browser closed or lost: the core's ICE timeout, a
   * failure), not by a close of ours: docs/studio.md "Lost guests".
   */
  onPublishLost: ((room: string) => void) | null = null;

  constructor(private readonly core: WebRtcCore) {
    core.on('closed', ({ sessionId }) => {
      const room = this.rooms.get(sessionId);
      const publisher = this.publishers.delete(sessionId);
      this.rooms.delete(sessionId);
      if (room !== undefined && publisher) this.onPublishLost?.(room);
    });
  }

  async publish(room: string, offer: string) {
    const result = await mapped(() => this.core.publish(room, offer, { keyframeIntervalMs: 2000 }));
    this.rooms.set(result.sessionId, room);
    this.publishers.add(result.sessionId);
    return result;
  }

  /** Whether a session publishes into this room here now. */
  publishing(room: string): boolean {
    for (const id of this.publishers) if (this.rooms.get(id) === room) return true;
    return false;
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
    this.publishers.delete(sessionId);
    await this.core.close(sessionId);
    return true;
  }

  /** The guests of a live that have a session (publishing or received) on this instance. */
  guestsWithMedia(liveId: string): Set<string> {
    const prefix = guestRoom(liveId, '');
    const guests = new Set<string>();
    for (const room of this.rooms.values())
      if (room.startsWith(prefix)) guests.add(room.slice(prefix.length));
    return guests;
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

/**
 * Closes this instance's WebRTC sessions of the live's guests who are not on the stage (removed, or
 * left): their publish, and with it every presenter's receiver of it. The status in the database is the
 * truth, so this is right whichever instance calls it and however often.
 */
export async function closeOffStageGuestMedia(app: FastifyInstance, liveId: string): Promise<void> {
  const sessions = studioSessions(app.webrtc);
  const withMedia = sessions.guestsWithMedia(liveId);
  if (withMedia.size === 0) return;
  const onStage = await admittedGuestIds(app.db, liveId, [...withMedia]);
  for (const guestId of withMedia)
    if (!onStage.has(guestId)) await sessions.closeRoom(guestRoom(liveId, guestId));
}

/**
 * Sends away the live's guests already marked removed (one guest removed or leaving, or every link
 * revoked; docs/studio.md "Guests"): their media ends at once here, and on every other instance through
 * the event bus, since a guest's WebRTC session lives on the instance that answered its publish.
 */
export async function sendGuestsAway(app: FastifyInstance, accountId: string, liveId: string): Promise<void> {
  await closeOffStageGuestMedia(app, liveId);
  await app.events.publish(accountId, 'studio.guests', { liveId });
}

/** On every instance: a `studio.guests` event from the bus closes this instance's sessions of those guests. */
export function followGuestRemovals(app: FastifyInstance): void {
  app.events.onDelivered((_accountId, event) => {
    if (event.evento !== 'studio.guests' || typeof event.liveId !== 'string') return;
    closeOffStageGuestMedia(app, event.liveId).catch((error: unknown) =>
      app.log.warn({ err: error }, 'studio: could not close the media of removed guests'),
    );
  });
}

/**
 * On every instance: a guest's publish that ends by itself (the guest's browser closed or lost its
 * connection) takes the guest off the lists at once (docs/studio.md "Lost guests"), as if its page had
 * not been seen for the presence window; an open page is seen again at its next poll (2 s) and
 * publishes again, so only a guest who is really gone stays off the stage.
 */
export function followLostGuests(app: FastifyInstance): void {
  studioSessions(app.webrtc).onPublishLost = (room) => {
    const [, liveId, guestId] = room.split(':');
    if (!liveId || !guestId) return;
    markGuestLost(app.db, liveId, guestId).catch((error: unknown) =>
      app.log.warn({ err: error }, 'studio: could not mark a lost guest'),
    );
  };
}
