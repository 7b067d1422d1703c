import { LATENCIES } from '@contract/streams';
import { array, boolean, enums, type Infer, nullable, number, optional, string, type } from 'superstruct';
import { session } from '@/lib/session';
import { STREAM_STATUSES } from '../lib/status';

/** The stream as docs/api-streams.md describes it (SPEC §3 Live details and §2.7 fields). */
export const StreamTypeStruct = enums(['studio', 'encoder'] as const);
export const LatencyStruct = enums(LATENCIES);
export const GeoModeStruct = enums(['off', 'block', 'allow'] as const);

export const SignalStruct = type({
  id: string(),
  nome: string(),
  key: nullable(string()),
  resolution: nullable(string()),
});
export type Signal = Infer<typeof SignalStruct>;

const TranscodeStruct = type({ enableLive2vod: boolean(), enableDvr: boolean(), enableAudioOnly: boolean() });
const SecurityStruct = type({
  geoAccessControl: GeoModeStruct,
  geoRegionList: array(string()),
  referrerWhitelist: array(string()),
});
const AdsStruct = type({ preRollVastUrl: nullable(string()), postRollVastUrl: nullable(string()) });
const studioFields = {
  chat: boolean(),
  settingsButton: boolean(),
  moreOptionsButton: boolean(),
  studioColor: string(),
  waitingRoomColor: string(),
};

export const StreamStruct = type({
  id: string(),
  nome: string(),
  descricao: nullable(string()),
  /** The classroom page's public description (the internal `descricao` never leaves the console). */
  classroomDescription: optional(nullable(string())),
  status: enums(STREAM_STATUSES),
  scheduledStartTime: string(),
  startedAt: nullable(string()),
  finishedAt: nullable(string()),
  createdAt: string(),
  updatedAt: string(),
  type: StreamTypeStruct,
  latency: LatencyStruct,
  autoStart: boolean(),
  autoCuts: boolean(),
  transcode: TranscodeStruct,
  security: SecurityStruct,
  allowed_refer: boolean(),
  assets: type({
    thumbnail: nullable(string()),
    startSoonScreen: nullable(string()),
    pauseScreen: nullable(string()),
    endingScreen: nullable(string()),
    playerColor: string(),
  }),
  ads: AdsStruct,
  analyticsMeasurementId: nullable(string()),
  studio: type({ ...studioFields, background: nullable(string()) }),
  /** The classroom page's images (banners classroomCover, classroomBackground, classroomLoginBackground). */
  classroom: optional(
    type({ cover: nullable(string()), background: nullable(string()), loginBackground: nullable(string()) }),
  ),
  streamKey: nullable(string()),
  signals: array(SignalStruct),
  recording: nullable(type({ videoId: string(), url: string() })),
  recordingStatus: optional(nullable(string())),
  durationSeconds: nullable(number()),
});
export type Stream = Infer<typeof StreamStruct>;
export type StreamType = Stream['type'];
export type Latency = Stream['latency'];
export type GeoMode = Stream['security']['geoAccessControl'];

/** The account's general settings (GET /bff/lives/preset): the defaults of a new stream. */
export const SettingsStruct = type({
  type: StreamTypeStruct,
  latency: LatencyStruct,
  autoStart: boolean(),
  autoCuts: boolean(),
  transcode: TranscodeStruct,
  security: SecurityStruct,
  assets: type({ playerColor: string() }),
  ads: AdsStruct,
  analyticsMeasurementId: nullable(string()),
  studio: type(studioFields),
  updatedAt: nullable(string()),
});
export type Settings = Infer<typeof SettingsStruct>;

/** What the console writes: every group partial (a field left out keeps its value). */
export interface SettingsInput {
  type?: StreamType;
  latency?: Latency;
  autoStart?: boolean;
  autoCuts?: boolean;
  transcode?: Partial<Stream['transcode']>;
  security?: Partial<Stream['security']>;
  assets?: { playerColor?: string };
  ads?: Partial<Stream['ads']>;
  analyticsMeasurementId?: string | null;
  studio?: Partial<Omit<Stream['studio'], 'background'>>;
}

export interface SignalInput {
  id?: string;
  nome: string;
  resolution?: string | null;
}

export interface StreamInput extends SettingsInput {
  nome?: string;
  descricao?: string | null;
  classroomDescription?: string | null;
  scheduledStartTime?: string;
  signals?: SignalInput[];
}

/** Query keys carry the selected team: one team's data never shows under another. */
export const streamingKey = (...parts: unknown[]) => [
  'streaming',
  session.get().user?.selectedTeamId ?? null,
  ...parts,
];
