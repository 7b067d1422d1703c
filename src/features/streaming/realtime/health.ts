import { useQuery } from '@tanstack/react-query';
import type { SignalHealthEvent } from '@/lib/realtime/events';
import type { SignalStatus } from '../api/get-signals-status';
import { streamingKey } from '../api/stream';
import { FPS_LIMIT } from '../lib/signal-video';
import type { StreamStatus } from '../lib/status';

export type Health = 'ok' | 'warning' | 'failing';

/** What the wall shows of one live's signals: the worst health of its signals and why, and the
 * figures of the first publishing one. */
export interface LiveHealth {
  health: Health;
  /** A reason key of the server's `sinal_saude` (docs/realtime.md "Signal health"); the fallback
   * uses the same keys. */
  reason: string | null;
  fps: number | null;
  videoKbps: number | null;
  audioKbps: number | null;
  publishing: boolean;
}

/** A `sinal_saude` older than this is no longer the truth (the server sends one every 2–5 s). */
export const HEALTH_FRESH_MS = 15_000;

export interface ReceivedHealth extends SignalHealthEvent {
  receivedAt: number;
}
/** The last `sinal_saude` of each signal of a live, kept in the query cache (never fetched). */
export type HealthBySignal = Record<string, ReceivedHealth>;
export const healthKey = (liveId: string) => streamingKey('health', liveId);

/** The live's health figures from the socket's events, or undefined when none is fresh. */
export function useLiveHealth(liveId: string): HealthBySignal | undefined {
  return useQuery({
    queryKey: healthKey(liveId),
    queryFn: () => ({}) as HealthBySignal,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}

const RANK: Record<Health, number> = { ok: 0, warning: 1, failing: 2 };

/** The worst of the fresh events (none fresh: undefined, the caller falls back). */
export function healthFromEvents(events: HealthBySignal | undefined, now: number): LiveHealth | undefined {
  const fresh = Object.values(events ?? {}).filter((e) => now - e.receivedAt < HEALTH_FRESH_MS);
  if (fresh.length === 0) return undefined;
  const worst = fresh.reduce((a, b) => (RANK[b.saude] > RANK[a.saude] ? b : a));
  // The figures shown are the signal the health speaks of when one is in trouble and publishing (the
  // badge says "FPS acima do limite" of signal 2: its fps, not signal 1's), else the first publishing.
  const shown = (worst.saude !== 'ok' && worst.publicando ? worst : fresh.find((e) => e.publicando)) ?? worst;
  return {
    health: worst.saude,
    reason: worst.saude === 'ok' ? null : (worst.motivo ?? null),
    fps: shown.fps ?? null,
    videoKbps: shown.video_kbps ?? null,
    audioKbps: shown.audio_kbps ?? null,
    publishing: fresh.some((e) => e.publicando),
  };
}

/** Without events (the socket is down): what the polled signal status tells. A live stream with no
 * signal publishing is failing, a paused one is waiting (warning), a signal over the account's frame
 * rate limit is a warning. Bitrates are only measured by the server's health events. */
export function healthFromStatus(
  status: StreamStatus,
  signals: readonly SignalStatus[] | undefined,
): LiveHealth {
  const publishing = (signals ?? []).filter((s) => s.publishing);
  const first = publishing[0];
  const base = { fps: first?.fps ?? null, videoKbps: null, audioKbps: null, publishing: !!first };
  if (!first && status === 'live') return { ...base, health: 'failing', reason: 'sem_sinal' };
  if (!first && status === 'paused') return { ...base, health: 'warning', reason: 'sem_sinal' };
  const over = publishing.find((s) => s.fps !== null && s.fps > FPS_LIMIT);
  // The fps shown is the one the warning speaks of.
  if (over) return { ...base, fps: over.fps, health: 'warning', reason: 'fps_alto' };
  return { ...base, health: 'ok', reason: null };
}
