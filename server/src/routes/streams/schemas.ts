import { type Static, type TSchema, Type } from '@fastify/type-provider-typebox';
import type {
  Stream as ContractStream,
  StreamPage as ContractStreamPage,
  StreamSettingsView,
} from '../../../../contract/streams.ts';
import {
  BANNER_KINDS,
  GEO_MODES,
  LATENCIES,
  STREAM_STATUSES,
  STREAM_TYPES,
} from '../../db/tables/streams.ts';
import { AccountIdQuery, ErrorBody, Name, Nullable, Page, Uuid } from '../../http/schemas.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';

const OneOf = <const T extends string[]>(values: readonly [...T], description?: string) =>
  Type.Enum(values, description ? { description } : {});

const Optional = <T extends TSchema>(schema: T) => Type.Optional(schema);

export const Status = OneOf(STREAM_STATUSES, 'scheduled | live | paused | finished');
export const StreamTypeSchema = OneOf(STREAM_TYPES, 'studio | encoder');
export const LatencySchema = OneOf(LATENCIES, 'default | low | ultraLow (beta)');
export const BannerKindSchema = OneOf(BANNER_KINDS);
const Color = Type.String({
  maxLength: 64,
  description: 'rgba(r, g, b, a), rgb(r, g, b), #rrggbb or #rrggbbaa; answered as rgba(r, g, b, a)',
});
const DateTime = Type.String({ format: 'date-time' });

// ---- what the client writes
// (Length limits of nullable strings are checked by the routes: a schema union would only say
// "Requisição inválida" instead of "O tamanho máximo é …".) (every group is partial: a field left out keeps its value or default)

const settingsInputProperties = {
  type: Optional(StreamTypeSchema),
  latency: Optional(LatencySchema),
  autoStart: Optional(Type.Boolean()),
  autoCuts: Optional(Type.Boolean({ description: 'Interrupt the signal after 10 minutes without content' })),
  transcode: Optional(
    Type.Object({
      enableLive2vod: Optional(Type.Boolean()),
      enableDvr: Optional(Type.Boolean()),
      enableAudioOnly: Optional(Type.Boolean()),
    }),
  ),
  security: Optional(
    Type.Object({
      geoAccessControl: Optional(OneOf(GEO_MODES, 'off | block (listed blocked) | allow (only listed)')),
      geoRegionList: Optional(
        Type.Array(Type.String({ maxLength: 8 }), { maxItems: 300, description: 'ISO 3166-1 alpha-2' }),
      ),
      referrerWhitelist: Optional(
        Type.Array(Type.String({ maxLength: 300 }), {
          maxItems: 100,
          description: 'Authorized domains; empty = every domain',
        }),
      ),
    }),
  ),
  assets: Optional(Type.Object({ playerColor: Optional(Color) })),
  ads: Optional(
    Type.Object({
      preRollVastUrl: Optional(Nullable(Type.String({ description: '≤ 2048 characters' }))),
      postRollVastUrl: Optional(Nullable(Type.String({ description: '≤ 2048 characters' }))),
    }),
  ),
  analyticsMeasurementId: Optional(Nullable(Type.String({ description: '≤ 64 characters' }))),
  studio: Optional(
    Type.Object({
      chat: Optional(Type.Boolean()),
      settingsButton: Optional(Type.Boolean()),
      moreOptionsButton: Optional(Type.Boolean()),
      studioColor: Optional(Color),
      waitingRoomColor: Optional(Color),
    }),
  ),
};

export const SettingsInput = Type.Object(settingsInputProperties);
export type SettingsInputBody = Static<typeof SettingsInput>;

const SignalInput = Type.Object({
  id: Optional(Uuid),
  nome: Name({ minLength: 1, maxLength: 60 }),
  resolution: Optional(Nullable(Type.String({ description: 'e.g. 1920x1080' }))),
});

const streamInputProperties = {
  descricao: Optional(Nullable(Type.String({ description: 'Internal note, ≤ 2000 characters' }))),
  classroomDescription: Optional(
    Nullable(Type.String({ description: 'The classroom page’s public description, ≤ 2000 characters' })),
  ),
  signals: Optional(
    Type.Array(SignalInput, {
      maxItems: 10,
      description: 'Signals; a signal with an `id` keeps its key, one without gets a new key',
    }),
  ),
  ...settingsInputProperties,
};

export const StreamCreate = Type.Object({
  nome: Name({ minLength: 1, maxLength: 120 }),
  scheduledStartTime: DateTime,
  ...streamInputProperties,
});
export type StreamCreateBody = Static<typeof StreamCreate>;

export const StreamPatch = Type.Object({
  nome: Optional(Name({ minLength: 1, maxLength: 120 })),
  scheduledStartTime: Optional(DateTime),
  ...streamInputProperties,
});
export type StreamPatchBody = Static<typeof StreamPatch>;

// ---- what the server answers

const TranscodeSchema = Type.Object({
  enableLive2vod: Type.Boolean(),
  enableDvr: Type.Boolean(),
  enableAudioOnly: Type.Boolean(),
});
const SecuritySchema = Type.Object({
  geoAccessControl: OneOf(GEO_MODES),
  geoRegionList: Type.Array(Type.String()),
  referrerWhitelist: Type.Array(Type.String()),
});
const AdsSchema = Type.Object({
  preRollVastUrl: Nullable(Type.String()),
  postRollVastUrl: Nullable(Type.String()),
});
const studioProperties = {
  chat: Type.Boolean(),
  settingsButton: Type.Boolean(),
  moreOptionsButton: Type.Boolean(),
  studioColor: Type.String(),
  waitingRoomColor: Type.String(),
};
const ImageUrl = Nullable(
  Type.String({ description: 'Public, unguessable image URL (relative to the API origin)' }),
);

export const Stream = Type.Object({
  _id: Uuid,
  id: Uuid,
  nome: Type.String(),
  descricao: Nullable(Type.String()),
  classroomDescription: Nullable(Type.String()),
  status: Status,
  scheduledStartTime: DateTime,
  startedAt: Nullable(DateTime),
  finishedAt: Nullable(DateTime),
  createdAt: DateTime,
  updatedAt: DateTime,
  type: StreamTypeSchema,
  latency: LatencySchema,
  autoStart: Type.Boolean(),
  autoCuts: Type.Boolean(),
  transcode: TranscodeSchema,
  security: SecuritySchema,
  allowed_refer: Type.Boolean({ description: 'true when referrerWhitelist is not empty' }),
  assets: Type.Object({
    thumbnail: ImageUrl,
    startSoonScreen: ImageUrl,
    pauseScreen: ImageUrl,
    endingScreen: ImageUrl,
    playerColor: Type.String(),
  }),
  ads: AdsSchema,
  analyticsMeasurementId: Nullable(Type.String()),
  studio: Type.Object({ ...studioProperties, background: ImageUrl }),
  classroom: Type.Object(
    { cover: ImageUrl, background: ImageUrl, loginBackground: ImageUrl },
    {
      description:
        "The classroom page's images (banners classroomCover, classroomBackground, classroomLoginBackground)",
    },
  ),
  streamKey: Nullable(Type.String({ description: 'null for callers without `broadcast`' })),
  signals: Type.Array(
    Type.Object({
      id: Uuid,
      nome: Type.String(),
      key: Nullable(Type.String({ description: 'null for callers without `broadcast`' })),
      resolution: Nullable(Type.String()),
    }),
  ),
  recording: Nullable(
    Type.Object(
      { videoId: Uuid, url: Type.String() },
      { description: "the VOD video made from the live-to-VOD recording; url: the console's page for it" },
    ),
  ),
  recordingStatus: Nullable(
    Type.Union(
      [
        Type.Literal('processing'),
        Type.Literal('ready'),
        Type.Literal('failed'),
        Type.Literal('unavailable'),
      ],
      {
        description:
          'finished with live-to-VOD on: processing (the recording is being assembled or transcoded), ready, failed, or unavailable (no video was received); null otherwise',
      },
    ),
  ),
  durationSeconds: Nullable(Type.Integer()),
});
export type StreamView = Static<typeof Stream>;

export const Settings = Type.Object({
  type: StreamTypeSchema,
  latency: LatencySchema,
  autoStart: Type.Boolean(),
  autoCuts: Type.Boolean(),
  transcode: TranscodeSchema,
  security: SecuritySchema,
  assets: Type.Object({ playerColor: Type.String() }),
  ads: AdsSchema,
  analyticsMeasurementId: Nullable(Type.String()),
  studio: Type.Object(studioProperties),
  updatedAt: Nullable(DateTime),
});

export const Pagination = Type.Object({
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  pagesTotal: Type.Integer(),
});

export const StreamPage = Type.Object({ items: Type.Array(Stream), pagination: Pagination });

// The answers equal contract/streams.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type StreamMatchesContract = Expect<Equal<StreamView, ContractStream>>;
export type StreamPageMatchesContract = Expect<Equal<Static<typeof StreamPage>, ContractStreamPage>>;
export type SettingsMatchesContract = Expect<Equal<Static<typeof Settings>, StreamSettingsView>>;

export const ListQuery = Type.Object({
  ...AccountIdQuery.properties,
  sort: Optional(
    Type.String({
      pattern: '^(name|date|status),(asc|desc)$',
      default: 'date,desc',
      description: '{name|date|status},{asc|desc}; date is scheduledStartTime',
    }),
  ),
  page: Optional(Page),
  limit: Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
  title: Optional(Type.String({ maxLength: 120, description: 'Part of the name, any letter case' })),
  status: Optional(
    Type.String({
      pattern: `^(${STREAM_STATUSES.join('|')})(,(${STREAM_STATUSES.join('|')}))*$`,
      description:
        "One status, or several separated by commas (the library's Live tab asks for live,paused: a paused live is on air)",
    }),
  ),
  shutdown: Optional(
    Type.Boolean({ description: 'false: without finished streams; true: only finished (history)' }),
  ),
});

export const IdParams = Type.Object({ id: Uuid });

/** 400 of the CSV batch: every bad row by its line number. */
export const CsvErrorBody = Type.Object({
  ...ErrorBody.properties,
  errors: Type.Optional(Type.Array(Type.Object({ line: Type.Integer(), message: Type.String() }))),
});

/** 409 of apply-settings: the started streams that refused the change. */
export const ConflictIdsBody = Type.Object({ ...ErrorBody.properties, ids: Type.Optional(Type.Array(Uuid)) });
