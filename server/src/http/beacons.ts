import { type Static, Type } from '@fastify/type-provider-typebox';

import {
  BEACON_TYPES,
  type BeaconType,
  MAX_EVENTS_PER_POST,
  PLAYER_STATES,
  type PlayerState,
} from '../../../contract/beacons.ts';

export {
  BEACON_TYPES,
  type BeaconType,
  FINAL_TYPES,
  MAX_BEACON_BYTES,
  MAX_EVENTS_PER_POST,
  PLAYER_STATES,
} from '../../../contract/beacons.ts';

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
/** An event as the route hands it on. TypeBox infers a union built from an array (not a tuple) as
 * `never`, so `type` and `state` are typed from the lists here: a comparison with a name that is not an
 * event type or a state is a type error. */
export type BeaconEventBody = Omit<Static<typeof BeaconEvent>, 'type' | 'state'> & {
  type: BeaconType;
  state?: PlayerState;
};

export const BeaconBody = Type.Object(
  {
    sessionId: Type.String({ minLength: 1, maxLength: 2048 }),
    events: Type.Array(BeaconEvent, { minItems: 1, maxItems: MAX_EVENTS_PER_POST }),
  },
  { additionalProperties: false },
);
