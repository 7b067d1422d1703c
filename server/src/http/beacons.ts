import { type Static, Type } from '@fastify/type-provider-typebox';

/** Events one post may carry: a heartbeat every 10 s sends one or two. */
export const MAX_EVENTS_PER_POST = 20;
/** Largest beacon body, bytes. */
export const MAX_BEACON_BYTES = 16 * 1024;

/**
 * The player's events (docs/analytics.md "Beacon contract"). `start` is the play intent (a click or
 * autoplay), sent before the player loads; `startup` the first frame with the playhead moving;
 * `startup_failed` a fatal error before it, `playback_failed` one after it; `exit_before_start` the viewer
 * left before the first frame. State changes are sent within about a second; `heartbeat` every 10 s.
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

const Kbps = Type.Integer({ minimum: 0, maximum: 1_000_000 });
const Ms = Type.Integer({ minimum: 0, maximum: 86_400_000 });

/** CMCD keys (CTA-5004) the player reads from shaka's stats. */
const Cmcd = Type.Object(
  {
    br: Type.Optional(Kbps),
    bl: Type.Optional(Ms),
    mtp: Type.Optional(Kbps),
    tb: Type.Optional(Kbps),
    sf: Type.Optional(Type.Union([Type.Literal('h'), Type.Literal('d')])),
    st: Type.Optional(Type.Union([Type.Literal('v'), Type.Literal('l')])),
  },
  { additionalProperties: false },
);

export const BeaconEvent = Type.Object(
  {
    type: Type.Union(BEACON_TYPES.map((t) => Type.Literal(t))),
    /** Epoch ms on the player's clock. */
    at: Type.Integer({ minimum: 0, maximum: 9_999_999_999_999 }),
    rendition: Type.Optional(Type.String({ maxLength: 32, pattern: '^[A-Za-z0-9 ._-]*$' })),
    bitrateKbps: Type.Optional(Kbps),
    startupMs: Type.Optional(Ms),
    rebufferMs: Type.Optional(Ms),
    error: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9 ._:-]*$' })),
    cmcd: Type.Optional(Cmcd),
    /** The state after this event. */
    state: Type.Optional(Type.Union(PLAYER_STATES.map((t) => Type.Literal(t)))),
    /** Time spent playing, rebuffering and paused since the previous event of the session (so that
     * the sum over a session's events is its whole time in each state). */
    playingMs: Type.Optional(Ms),
    rebufferingMs: Type.Optional(Ms),
    pausedMs: Type.Optional(Ms),
    /** Playhead, seconds (the media time for a VOD, the stream time for a live). */
    playhead: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000_000 })),
    /** `exit_before_start`: time from the play intent to leaving. */
    waitedMs: Type.Optional(Ms),
    /** The CDN that served the last media segment (X-CDN, else Via/X-Served-By/cf-ray, else 'origin'). */
    cdn: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9 ._:/()-]*$' })),
  },
  { additionalProperties: false },
);
export type BeaconEventBody = Static<typeof BeaconEvent>;

export const BeaconBody = Type.Object(
  {
    sessionId: Type.String({ minLength: 1, maxLength: 2048 }),
    events: Type.Array(BeaconEvent, { minItems: 1, maxItems: MAX_EVENTS_PER_POST }),
  },
  { additionalProperties: false },
);
