import { type Static, Type } from '@fastify/type-provider-typebox';
import type { PlaybackInfo as ViewerPlaybackInfo } from '../../../../contract/playback.ts';
import { Nullable, OverlayKind, OverlayPosition } from '../../http/schemas.ts';

/** An error of the public playback: the usual body plus why (the player shows a message for each). */
export const PlaybackError = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    // Absent on answers the framework gives before the route runs (a malformed id: 400).
    reason: Type.Optional(
      Type.Union([
        Type.Literal('not_found'),
        Type.Literal('geo_blocked'),
        Type.Literal('domain_not_allowed'),
        Type.Literal('invalid_link'),
      ]),
    ),
  },
  { description: 'Refused; `reason` says why, `message` in the language of Accept-Language or pt-BR' },
);
export type PlaybackReason = 'not_found' | 'geo_blocked' | 'domain_not_allowed' | 'invalid_link';

export const PlaybackQuery = Type.Object({
  origin: Type.Optional(
    Type.String({ maxLength: 2048, description: 'the origin of the page embedding the player, if any' }),
  ),
  sessionId: Type.Optional(
    Type.String({
      maxLength: 512,
      description: 'the sessionId of an earlier answer, when renewing: keeps the same viewerId',
    }),
  ),
  newView: Type.Optional(
    Type.Boolean({
      description:
        'with `sessionId`: the player starts a new view (after a failure or an end) for the same viewer: the viewer ID stays, the view is new',
    }),
  ),
  attendee: Type.Optional(
    Type.String({
      maxLength: 128,
      pattern: '^[A-Za-z0-9_-]*$',
      description:
        "a classroom registration's chat token: the viewer ID is then the attendee's own, so support staff can find their views by e-mail",
    }),
  ),
});

const Overlay = Type.Object({
  id: Type.String(),
  kind: OverlayKind,
  text: Nullable(Type.String()),
  imageUrl: Nullable(Type.String()),
  position: OverlayPosition,
  widthPercent: Type.Number(),
  color: Nullable(Type.String()),
});

export const PlaybackInfo = Type.Object(
  {
    kind: Type.Union([Type.Literal('live'), Type.Literal('vod')]),
    id: Type.String(),
    accountId: Type.String(),
    title: Type.String(),
    status: Type.Union([
      Type.Literal('scheduled'),
      Type.Literal('live'),
      Type.Literal('paused'),
      Type.Literal('finished'),
      Type.Literal('ready'),
    ]),
    scheduledStartTime: Nullable(Type.String()),
    playerColor: Type.String({ description: '#rrggbb' }),
    latency: Nullable(Type.Union([Type.Literal('default'), Type.Literal('low'), Type.Literal('ultraLow')])),
    latencyTargets: Nullable(
      Type.Object(
        {
          segmentSeconds: Type.Number(),
          liveDelaySeconds: Type.Number(),
          lowLatencyMode: Type.Boolean(),
        },
        { description: 'how the player should configure itself for the live (null for VOD)' },
      ),
    ),
    dvr: Type.Object({ enabled: Type.Boolean(), windowSeconds: Type.Integer() }),
    audioOnly: Type.Boolean(),
    banners: Type.Object({
      thumbnail: Nullable(Type.String()),
      startSoonScreen: Nullable(Type.String()),
      pauseScreen: Nullable(Type.String()),
      endingScreen: Nullable(Type.String()),
    }),
    manifestUrl: Nullable(
      Type.String({
        description:
          "the HLS master playlist, root-relative (resolve it against this server): give it to any HLS player; it and every file it names answer CORS to the calling page when the stream's rules allow it. Null while a live is not on air",
      }),
    ),
    manifestType: Nullable(Type.Union([Type.Literal('hls'), Type.Literal('dash')])),
    whepUrl: Nullable(
      Type.String({
        description:
          'WHEP endpoint (POST an SDP offer) when the live is published over WHIP in ultra-low latency; the player falls back to manifestUrl',
      }),
    ),
    recordingVideoId: Nullable(Type.String()),
    subtitles: Type.Array(Type.Object({ lang: Type.String(), label: Type.String(), url: Type.String() })),
    ads: Type.Object({ preRollVastUrl: Nullable(Type.String()), postRollVastUrl: Nullable(Type.String()) }),
    analyticsMeasurementId: Nullable(Type.String()),
    viewerId: Type.String(),
    sessionId: Type.String({
      description: "the signed viewer session: the beacons' credential, and `sessionId` of the renewal call",
    }),
    expiresAt: Type.String({
      description:
        'ISO 8601: when the media URLs stop opening; ask this answer again (with `sessionId`) a minute or so before',
    }),
    overlays: Type.Array(Overlay),
    channelUrl: Nullable(Type.String()),
    beaconUrl: Type.String({
      description: 'where the player posts its beacons (text/plain JSON by sendBeacon needs no CORS)',
    }),
    /** A VOD's like button posts `{sessionId}` here (DELETE takes it back); null for a live. */
    likeUrl: Type.Union([Type.String(), Type.Null()]),
  },
  {
    description:
      "What a viewer's player needs, after the stream's rules: the embed reads it, and so may a customer's own player from its own page (docs/playback.md \"Use your own player\")",
  },
);

/** The answer the schema describes is the viewer contract the player reads (contract/playback.ts): a
 * field renamed or retyped on one side stops the typecheck. */
type Assignable<A extends B, B> = A;
export type PlaybackInfoMatchesContract = Assignable<Static<typeof PlaybackInfo>, ViewerPlaybackInfo>;
