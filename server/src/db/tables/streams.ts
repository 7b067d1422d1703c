import type { ColumnType, Generated, Selectable } from 'kysely';

import type {
  Ads,
  Latency,
  Security,
  StreamSettings,
  StreamStatus,
  StreamType,
  StudioSettings,
  Transcode,
} from '../../../../contract/streams.ts';

export type {
  Ads,
  GeoMode,
  Latency,
  Security,
  StreamSettings,
  StreamStatus,
  StreamType,
  StudioSettings,
  Transcode,
} from '../../../../contract/streams.ts';
export {
  GEO_MODES,
  LATENCIES,
  STREAM_STATUSES,
  STREAM_TYPES,
} from '../../../../contract/streams.ts';

/** Banner images; `studioBackground` is the studio's background (`studio.background`); the
 * `classroom*` ones are the classroom page's cover and backgrounds (docs/classroom.md). */
export const BANNER_KINDS = [
  'thumbnail',
  'startSoonScreen',
  'pauseScreen',
  'endingScreen',
  'studioBackground',
  'classroomCover',
  'classroomBackground',
  'classroomLoginBackground',
] as const;
export type BannerKind = (typeof BANNER_KINDS)[number];
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'webp'] as const;
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];

export const RECORDING_STATUSES = ['processing', 'ready', 'failed'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];

export interface Signal {
  id: string;
  nome: string;
  /** Secret: 32 random bytes, base64url. */
  key: string;
  resolution: string | null;
}
/** An uploaded image: its file is `{kind}-{version}.{ext}`; `version` (random) makes its URL unguessable. */
export interface StoredImage {
  version: string;
  ext: ImageExtension;
  size: number;
}
export type Banners = Partial<Record<BannerKind, StoredImage>>;

/** A speaker of the classroom; the avatar's file is `speaker-{id}-{version}.{ext}`. */
export interface ClassroomSpeaker {
  id: string;
  name: string;
  role: string | null;
  avatar: StoredImage | null;
}
/** An item of the classroom's agenda: a time of day (HH:mm) and what happens then. */
export interface AgendaItem {
  time: string;
  title: string;
}

/** JSONB columns: read as objects, written as JSON text (the pg driver would turn arrays into SQL arrays). */
type Json<T> = ColumnType<T, string, string>;

export interface LiveStreamsTable {
  id: Generated<string>;
  account_id: string;
  nome: string;
  /** Generated: `nome` in lower case without accents (title search and sorting by name). */
  search_name: ColumnType<string, never, never>;
  descricao: string | null;
  /** The classroom's public description (docs/classroom.md): `descricao` is internal and never public. */
  classroom_description: Generated<string | null>;
  /** The classroom's speakers and agenda, in the order shown (docs/classroom.md "Speakers, agenda and
   * images"). */
  classroom_speakers: ColumnType<ClassroomSpeaker[], string | undefined, string>;
  classroom_agenda: ColumnType<AgendaItem[], string | undefined, string>;
  status: ColumnType<StreamStatus, StreamStatus | undefined, StreamStatus>;
  scheduled_start_time: Date;
  started_at: Date | null;
  finished_at: Date | null;
  type: StreamType;
  latency: Latency;
  auto_start: boolean;
  auto_cuts: boolean;
  player_color: string;
  transcode: Json<Transcode>;
  security: Json<Security>;
  ads: Json<Ads>;
  studio: Json<StudioSettings>;
  banners: ColumnType<Banners, string | undefined, string>;
  analytics_measurement_id: string | null;
  stream_key: string;
  signals: Json<Signal[]>;
  /** The video made from the live-to-VOD recording (null until made, or when it was deleted). */
  recording_video_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** processing: being assembled or transcoded; ready / failed follow the video (a trigger). */
  recording_status: ColumnType<
    RecordingStatus | null,
    RecordingStatus | null | undefined,
    RecordingStatus | null
  >;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** A signal last carried content (the live monitor, every few seconds while publishing). */
  last_signal_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type LiveStreamRow = Selectable<LiveStreamsTable>;

export interface LiveStreamPresetsTable {
  account_id: string;
  settings: Json<StreamSettings>;
  updated_at: Generated<Date>;
}

/** Streams per account and status, kept by triggers (the library's totals). */
export interface LiveStreamCountsTable {
  account_id: string;
  status: StreamStatus;
  n: number;
}
