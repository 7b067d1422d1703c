// The player's telemetry contract (docs/analytics.md "Beacon contract"): what the embed sends, what the
// server accepts (server/src/routes/beacons/schema.ts), what the support page names
// (src/features/support/lib/labels.ts). Plain data only.

/** Events one post may carry: a heartbeat every 10 s sends one or two. */
export const MAX_EVENTS_PER_POST = 20;
/** Largest beacon body, bytes. */
export const MAX_BEACON_BYTES = 16 * 1024;

/**
 * The player's events. `start` is the play intent (a click or autoplay), sent before the player loads;
 * `startup` the first frame with the playhead moving; `startup_failed` a fatal error before it,
 * `playback_failed` one after it; `exit_before_start` the viewer left before the first frame. State
 * changes are sent within about a second; `heartbeat` every 10 s.
 */
export const BEACON_TYPES = [
  'start',
  'startup',
  'startup_failed',
  'exit_before_start',
  'playback_failed',
  'rebuffer_start',
  'rebuffer_end',
  'rendition',
  'pause',
  'play',
  'heartbeat',
  'end',
] as const;
export type BeaconType = (typeof BEACON_TYPES)[number];
/** Events after which the session no longer watches. */
export const FINAL_TYPES: readonly string[] = [
  'end',
  'exit_before_start',
  'startup_failed',
  'playback_failed',
];
/** The player's state after an event. */
export const PLAYER_STATES = ['loading', 'playing', 'paused', 'rebuffering', 'ended'] as const;
export type PlayerState = (typeof PLAYER_STATES)[number];
