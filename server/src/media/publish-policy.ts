import type { LiveStreamRow } from '../db/tables/streams.ts';

/**
 * What a publish to one signal feeds, by the state of its stream (docs/api-streams.md "Rehearsal"). The
 * same rule for any ingest (RTMP today; a WHIP ingest feeds the same outputs), so an encoder connected
 * before 'Iniciar' is a rehearsal: the team's preview, health and FPS only, nothing for viewers, nothing
 * recorded or metered; the moment the stream starts, the same publish feeds the viewers.
 */
export interface PublishRole {
  /** The stream has not started: only its team sees the signal (the console's preview). */
  rehearsal: boolean;
  /** The viewers' HLS ladder: the first signal of a started stream (kept through a pause). */
  viewers: boolean;
  /** The live-to-VOD recording: the first signal while the stream is live, live-to-VOD on. */
  record: boolean;
  /** Live minutes count (docs/billing.md): from the start of the stream, not from the rehearsal. */
  metered: boolean;
}

export function publishRole(row: LiveStreamRow, signalId: string): PublishRole {
  const started = row.status === 'live' || row.status === 'paused';
  const first = row.signals[0]?.id === signalId;
  return {
    rehearsal: row.status === 'scheduled',
    viewers: started && first,
    record: row.status === 'live' && row.transcode.enableLive2vod && first,
    metered: started,
  };
}

/**
 * A scheduled stream with auto start whose time has come: a publish to it (a new one, or a rehearsal
 * still running at that time) starts it (docs/realtime.md "Auto start and auto cuts").
 */
export function dueForAutoStart(row: LiveStreamRow, now = Date.now()): boolean {
  return row.status === 'scheduled' && row.auto_start && row.scheduled_start_time.getTime() <= now;
}
