// The account websocket's events (docs/realtime.md): what the server raises (server/src/lib/events.ts),
// what the console reads (src/lib/realtime/events.ts, whose structs a type test keeps in line with these).
import type { Overlay } from './playback.ts';

export type LiveStatus = 'live' | 'paused' | 'finished' | 'scheduled';
export type LiveStatusReason = 'start' | 'pause' | 'resume' | 'end' | 'auto_start' | 'auto_cut';
export type Health = 'ok' | 'warning' | 'failing';

/** The payload of each event, by name. */
export interface EventPayloads {
  live_status: { live_id: string; titulo: string; status: LiveStatus; motivo: LiveStatusReason };
  sinal_saude: {
    live_id: string;
    signal_id: string;
    fps: number | null;
    video_kbps: number | null;
    audio_kbps: number | null;
    keyframe_interval_s: number | null;
    width: number | null;
    height: number | null;
    drift_ms: number | null;
    saude: Health;
    motivo: string | null;
    publicando: boolean;
  };
  alerta_fps_alto: { live_id: string; titulo: string; fps: number; limite: number };
  /** `queued`: a processing video still waits for the transcoder (docs/uploads.md "Queued
   * transcodes"); false once its transcode has started. */
  video_status: { video_id: string; status: string; progress: number; queued?: boolean };
  /** The overlays now on for a live: the public channel forwards them to the viewers. */
  'live.overlays': { liveId: string; overlays: Overlay[] };
  /** A classroom chat message was stored: wakes the chat readers of that live on every instance. */
  'classroom.chat': { liveId: string; id: string };
  /** Every player of the live shows its viewer ID until `until` (ISO), docs/playback.md. */
  viewer_id: { live_id: string; until: string };
  /** Guests of a studio live were sent away (one removed, one left, or every guest link revoked): every
   * instance closes its WebRTC sessions of that live's guests who are no longer on the stage
   * (docs/studio.md "Guests"). */
  'studio.guests': { liveId: string };
  /** Current viewers of a live (sessions with a beacon in the last 30 s), sent when it changes. */
  espectadores: { live_id: string; total: number };
  /** A live's analytics bucket `t` (epoch ms) as it stands: every metric, total and by breakdown
   * (docs/analytics.md "Push"). */
  analytics: { live_id: string; t: number } & Record<string, unknown>;
}
