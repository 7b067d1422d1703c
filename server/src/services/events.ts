/**
 * The account event stream (docs/realtime.md): what producers raise, what every connected
 * console of that account receives over `GET /ws/{contaId}`. Ids are monotonic per account; each
 * instance keeps a replay window per account, filled from the bus, so any instance can replay.
 */

import type { EventPayloads } from '../../../contract/realtime.ts';

export type { EventPayloads, Health, LiveStatus, LiveStatusReason } from '../../../contract/realtime.ts';

export type EventName = keyof EventPayloads;

/** An event as sent: id and time, then its payload. */
export type AccountEvent = { id: string; evento: string; timestamp: string } & Record<string, unknown>;

/** Gets each event with its line, serialised once for every socket. */
export type Listener = (event: AccountEvent, line: string) => void;

/** How a raised event reaches every instance: in-process, or through PostgreSQL (events-pg.ts). */
export interface EventTransport {
  /** Gives the event its id and hands it to `deliver` on every instance (this one included). */
  publish(accountId: string, evento: EventName, payload: object, timestamp: string): Promise<void>;
  /** The last id given in that account, for an account this instance has not seen yet. */
  currentId(accountId: string): Promise<number>;
  close(): Promise<void>;
}

export interface ReplayLimits {
  /** Events kept per account (`WS_REPLAY_EVENTS`, 500). */
  maxEvents: number;
  /** Age after which an event leaves the window (`WS_REPLAY_MS`, 10 minutes). */
  maxAgeMs: number;
}

/** Strings in a payload are cut to this: every event fits a NOTIFY (8000 bytes) with room to spare. */
const MAX_TEXT = 500;

export function boundPayload(payload: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(payload).map(([k, v]) => [k, typeof v === 'string' ? v.slice(0, MAX_TEXT) : v]),
  );
}

/** One account's window: `floor` is the id after which this instance holds every event. */
interface Window {
  floor: number;
  last: number;
  events: { id: number; at: number; line: string }[];
  listeners: Set<Listener>;
}

/** Sees each event once, on the instance that raised it (webhooks: one delivery per event, not per instance). */
export type Observer = <E extends EventName>(accountId: string, evento: E, payload: EventPayloads[E]) => void;

/** The missed events as lines, or incomplete. */
export type Replay = { complete: true; lines: string[]; last: number } | { complete: false };

/** The per-account windows and subscribers of one instance; `deliver` is fed by the transport. */
export class EventHub {
  private readonly windows = new Map<string, Window>();
  private transport: EventTransport | null = null;
  private readonly observers: Observer[] = [];
  private readonly deliveredListeners: ((accountId: string, event: AccountEvent) => void)[] = [];

  constructor(private readonly limits: ReplayLimits) {}

  attach(transport: EventTransport): void {
    this.transport = transport;
  }

  /** Raises an event for every console of the account, on every instance. */
  async publish<E extends EventName>(accountId: string, evento: E, payload: EventPayloads[E]): Promise<void> {
    for (const observer of this.observers) observer(accountId, evento, payload);
    if (!this.transport) return;
    await this.transport.publish(accountId, evento, boundPayload(payload), new Date().toISOString());
  }

  /** Adds an observer of every event raised on this instance; it must not throw nor wait. */
  observe(observer: Observer): void {
    this.observers.push(observer);
  }

  /**
   * Adds a listener of every event this instance receives from the bus, of every account, raised here
   * or on another instance (what an instance must do for an event raised elsewhere: close its own
   * WebRTC sessions of a removed studio guest, docs/studio.md "Guests"). It must not throw nor wait.
   */
  onDelivered(listener: (accountId: string, event: AccountEvent) => void): void {
    this.deliveredListeners.push(listener);
  }

  /** Called by the transport, in id order, for every event of every account. */
  deliver(accountId: string, event: AccountEvent): void {
    const id = Number(event.id);
    const window = this.windows.get(accountId) ?? this.open(accountId, id - 1);
    if (id <= window.last) return;
    window.last = id;
    const line = `${JSON.stringify(event)}\n`;
    window.events.push({ id, at: Date.now(), line });
    this.trim(window);
    for (const listener of window.listeners) listener(event, line);
    for (const listener of this.deliveredListeners) listener(accountId, event);
  }

  /** Subscribes and answers the current last id; the listener gets every later event. */
  async subscribe(accountId: string, listener: Listener): Promise<{ lastId: string; unsubscribe(): void }> {
    let window = this.windows.get(accountId);
    if (!window) {
      const current = this.transport ? await this.transport.currentId(accountId) : 0;
      window = this.windows.get(accountId) ?? this.open(accountId, current);
    }
    const held = window;
    held.listeners.add(listener);
    return { lastId: String(held.last), unsubscribe: () => held.listeners.delete(listener) };
  }

  /** The events after `lastId`, or incomplete when some of them already left the window. */
  replay(accountId: string, lastId: string): Replay {
    const window = this.windows.get(accountId);
    if (!window || !/^\d{1,16}$/.test(lastId)) return { complete: false };
    this.trim(window);
    const after = Number(lastId);
    if (after < window.floor || after > window.last) return { complete: false };
    const lines = window.events.filter((e) => e.id > after).map((e) => e.line);
    return { complete: true, lines, last: window.last };
  }

  /** The events of one name still in this instance's window for the account, newest first. */
  recent(accountId: string, evento: EventName, limit: number): AccountEvent[] {
    const window = this.windows.get(accountId);
    if (!window) return [];
    this.trim(window);
    const found: AccountEvent[] = [];
    for (let i = window.events.length - 1; i >= 0 && found.length < limit; i -= 1) {
      const event = JSON.parse(window.events[i]!.line) as AccountEvent;
      if (event.evento === evento) found.push(event);
    }
    return found;
  }

  listenerCount(accountId: string): number {
    return this.windows.get(accountId)?.listeners.size ?? 0;
  }

  async close(): Promise<void> {
    await this.transport?.close();
    this.transport = null;
  }

  private open(accountId: string, floor: number): Window {
    const window: Window = { floor, last: floor, events: [], listeners: new Set() };
    this.windows.set(accountId, window);
    return window;
  }

  private trim(window: Window): void {
    const oldest = Date.now() - this.limits.maxAgeMs;
    let drop = Math.max(0, window.events.length - this.limits.maxEvents);
    while (drop < window.events.length && (window.events[drop]?.at ?? 0) < oldest) drop += 1;
    if (drop === 0) return;
    window.floor = window.events[drop - 1]?.id ?? window.floor;
    window.events.splice(0, drop);
  }
}

/**
 * The embedded database's bus: one process, so ids come from memory. They start at the boot time
 * in microseconds, so an id a console kept from before a restart is older than every new one (its
 * replay is then incomplete, never wrong).
 */
export class LocalTransport implements EventTransport {
  private readonly base = Date.now() * 1000;
  private readonly counters = new Map<string, number>();

  constructor(private readonly hub: EventHub) {}

  async publish(accountId: string, evento: EventName, payload: object, timestamp: string): Promise<void> {
    const id = (this.counters.get(accountId) ?? this.base) + 1;
    this.counters.set(accountId, id);
    this.hub.deliver(accountId, { id: String(id), evento, timestamp, ...payload });
  }

  async currentId(accountId: string): Promise<number> {
    return this.counters.get(accountId) ?? this.base;
  }

  async close(): Promise<void> {}
}
