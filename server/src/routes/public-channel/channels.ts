import type { FastifyInstance } from 'fastify';
import type { AccountEvent } from '../../services/events.ts';

/** Close codes of the viewer channel (docs/playback.md "Viewer channel"). */
export const CHANNEL_CLOSE = { invalidMessage: 4400, tooManyConnections: 4429, slowConsumer: 4009 } as const;

/** What the channel uses of a `ws` socket (the `ws` types are not installed). */
export interface ChannelSocket {
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code: number, reason: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'close' | 'pong', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
}

/** One viewer's socket as the fan-out sees it. */
export interface Viewer {
  send(line: string): void;
  /** Transport-level keep-alive: false when the previous ping was never answered. */
  keepAlive(): void;
}

/** The bus event as the viewers of one live see it, or null when it is not theirs. */
export function channelMessage(event: AccountEvent, liveId: string): object | null {
  switch (event.evento) {
    case 'live_status':
      return event.live_id === liveId ? { type: 'status', status: event.status } : null;
    case 'viewer_id':
      return event.live_id === liveId ? { type: 'viewer_id', until: event.until } : null;
    case 'espectadores':
      return event.live_id === liveId ? { type: 'viewers', count: event.total } : null;
    // Raised by the overlays routes (viewer contract section 4).
    case 'live.overlays':
      return event.liveId === liveId ? { type: 'overlays', overlays: event.overlays } : null;
    default:
      return null;
  }
}

/** The viewers of one live on this instance: one bus subscription, each line serialised once. */
interface Room {
  viewers: Set<Viewer>;
  unsubscribe: (() => void) | null;
}

/**
 * Every open viewer channel of this instance, grouped by live, with the per-address and per-live
 * bounds. Events reach every instance through the account bus, so each instance fans out its own.
 */
export class ViewerChannels {
  private readonly rooms = new Map<string, Room>();
  private readonly perAddress = new Map<string, number>();
  private readonly viewers = new Set<Viewer>();

  constructor(private readonly app: FastifyInstance) {}

  /** Counts the viewer in, or names the bound it would pass. */
  admit(address: string, liveId: string): 'ok' | 'address' | 'live' {
    const { channelMaxPerAddress, channelMaxPerLive } = this.app.config.viewers;
    if ((this.perAddress.get(address) ?? 0) >= channelMaxPerAddress) return 'address';
    if ((this.rooms.get(liveId)?.viewers.size ?? 0) >= channelMaxPerLive) return 'live';
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    return 'ok';
  }

  /** Adds an admitted viewer to its live's room, subscribing the room to the bus on its first viewer. */
  async join(accountId: string, liveId: string, viewer: Viewer): Promise<void> {
    this.viewers.add(viewer);
    let room = this.rooms.get(liveId);
    if (room) {
      room.viewers.add(viewer);
      return;
    }
    const created: Room = { viewers: new Set([viewer]), unsubscribe: null };
    room = created;
    this.rooms.set(liveId, created);
    const subscription = await this.app.events.subscribe(accountId, (event) => {
      const message = channelMessage(event, liveId);
      if (!message) return;
      const line = `${JSON.stringify(message)}\n`;
      for (const v of created.viewers) v.send(line);
    });
    // Everybody left while subscribing.
    if (this.rooms.get(liveId) !== created) subscription.unsubscribe();
    else created.unsubscribe = subscription.unsubscribe;
  }

  leave(address: string, liveId: string, viewer: Viewer, joined: boolean): void {
    const left = (this.perAddress.get(address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(address, left);
    else this.perAddress.delete(address);
    if (!joined) return;
    this.viewers.delete(viewer);
    const room = this.rooms.get(liveId);
    if (!room) return;
    room.viewers.delete(viewer);
    if (room.viewers.size > 0) return;
    this.rooms.delete(liveId);
    room.unsubscribe?.();
  }

  /** Open channels of one live on this instance. */
  countOf(liveId: string): number {
    return this.rooms.get(liveId)?.viewers.size ?? 0;
  }

  keepAlive(): void {
    for (const viewer of this.viewers) viewer.keepAlive();
  }
}
