import {
  boolean,
  enums,
  type Infer,
  is,
  literal,
  nullable,
  number,
  optional,
  string,
  type,
  union,
} from 'superstruct';

/** The account websocket's events (docs/realtime.md). `type()` structs: fields the console does not
 * read yet pass through, so the server may add some without breaking older builds. */
const base = { id: string(), timestamp: string() };

export const LiveStatusEventStruct = type({
  ...base,
  evento: literal('live_status'),
  live_id: string(),
  titulo: optional(string()),
  status: enums(['live', 'paused', 'finished', 'scheduled']),
  motivo: optional(nullable(string())),
});

const figure = optional(nullable(number()));
export const SignalHealthEventStruct = type({
  ...base,
  evento: literal('sinal_saude'),
  live_id: string(),
  signal_id: string(),
  fps: figure,
  video_kbps: figure,
  audio_kbps: figure,
  keyframe_interval_s: figure,
  width: figure,
  height: figure,
  drift_ms: figure,
  saude: enums(['ok', 'warning', 'failing']),
  motivo: optional(nullable(string())),
  publicando: boolean(),
});

export const FpsAlertEventStruct = type({
  ...base,
  evento: literal('alerta_fps_alto'),
  live_id: string(),
  titulo: optional(string()),
  fps: figure,
  limite: figure,
});

export const VideoStatusEventStruct = type({
  ...base,
  evento: literal('video_status'),
  video_id: string(),
  status: string(),
  progress: figure,
  /** Processing, still waiting for the transcoder (docs/uploads.md "Queued transcodes"). */
  queued: optional(boolean()),
});

/** The current viewers of a live, sent when it changes (docs/playback.md "Viewer counts"). */
export const ViewerCountEventStruct = type({
  ...base,
  evento: literal('espectadores'),
  live_id: string(),
  total: number(),
});

/** New analytics buckets of one live (docs/analytics.md "Push"): only the envelope is checked here;
 * the analytics page reads the figures with its own struct (src/features/analytics/lib/push.ts).
 * `type()` keeps the figures on the object. The id is optional: these are not worth a replay. */
export const AnalyticsEventStruct = type({
  id: optional(string()),
  timestamp: optional(string()),
  evento: literal('analytics'),
  live_id: string(),
  t: number(),
});

/** Sent first on every connection, with the newest id; and when a reconnect's lastId fell out of the
 * replay window (the client then refetches what it shows). */
export const ConnectionEventStruct = type({
  id: optional(string()),
  timestamp: optional(string()),
  evento: enums(['conectado', 'replay_incompleto']),
});

export const RealtimeEventStruct = union([
  LiveStatusEventStruct,
  SignalHealthEventStruct,
  FpsAlertEventStruct,
  VideoStatusEventStruct,
  ViewerCountEventStruct,
  AnalyticsEventStruct,
  ConnectionEventStruct,
]);
export type RealtimeEvent = Infer<typeof RealtimeEventStruct>;
export type LiveStatusEvent = Infer<typeof LiveStatusEventStruct>;
export type SignalHealthEvent = Infer<typeof SignalHealthEventStruct>;
export type FpsAlertEvent = Infer<typeof FpsAlertEventStruct>;
export type VideoStatusEvent = Infer<typeof VideoStatusEventStruct>;
export type ViewerCountEvent = Infer<typeof ViewerCountEventStruct>;
export type AnalyticsEvent = Infer<typeof AnalyticsEventStruct>;

/** The events of one websocket frame: one JSON object per line. Keep-alive pings, unknown events and
 * broken lines are dropped, never thrown: one bad line must not cost the others. */
export function parseFrame(data: unknown): RealtimeEvent[] {
  if (typeof data !== 'string') return [];
  const events: RealtimeEvent[] = [];
  for (const line of data.split('\n')) {
    if (!line.trim()) continue;
    try {
      const value: unknown = JSON.parse(line);
      if (is(value, RealtimeEventStruct)) events.push(value);
    } catch {
      // Not JSON: skipped.
    }
  }
  return events;
}

/** Remembers the ids already handled, so an event replayed after a reconnect (or delivered twice)
 * is applied once; and the newest id, which a reconnect sends as lastId. Bounded: only the last
 * `capacity` ids are kept, far more than the server's replay window holds. */
export class SeenIds {
  private readonly ids = new Set<string>();
  last: string | undefined;

  constructor(private readonly capacity = 2_000) {}

  /** True the first time an id is offered; an event without id (connection notices) always passes. */
  accept(id: string | undefined): boolean {
    if (id === undefined) return true;
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    this.last = id;
    if (this.ids.size > this.capacity) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
    return true;
  }

  clear() {
    this.ids.clear();
    this.last = undefined;
  }
}
