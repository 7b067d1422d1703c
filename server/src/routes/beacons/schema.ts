import { type Static, Type } from '@fastify/type-provider-typebox';

/** Events one post may carry: a heartbeat every 10 s sends one or two. */
export const MAX_EVENTS_PER_POST = 20;
/** Largest beacon body, bytes. */
export const MAX_BEACON_BYTES = 16 * 1024;

export const BEACON_TYPES = [
  'start',
  'startup',
  'startup_failed',
  'exit_before_start',
  'rebuffer_start',
  'rebuffer_end',
  'rendition',
  'heartbeat',
  'end',
] as const;
/** Events after which the session no longer watches. */
export const FINAL_TYPES: readonly string[] = ['end', 'exit_before_start', 'startup_failed'];

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
