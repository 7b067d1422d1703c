// The stream contract both sides read: the lists, limits and defaults of a live's settings. The server
// validates and stores with them (server/src/routes/streams, server/src/db/tables/streams.ts); the
// console builds its forms and labels from them. Plain data and types only: nothing here imports.

export const STREAM_STATUSES = ['scheduled', 'live', 'paused', 'finished'] as const;
export type StreamStatus = (typeof STREAM_STATUSES)[number];
export const STREAM_TYPES = ['studio', 'encoder'] as const;
export type StreamType = (typeof STREAM_TYPES)[number];
export const LATENCIES = ['default', 'low', 'ultraLow'] as const;
export type Latency = (typeof LATENCIES)[number];
export const GEO_MODES = ['off', 'block', 'allow'] as const;
export type GeoMode = (typeof GEO_MODES)[number];

export interface Transcode {
  enableLive2vod: boolean;
  enableDvr: boolean;
  enableAudioOnly: boolean;
}
export interface Security {
  geoAccessControl: GeoMode;
  /** ISO 3166-1 alpha-2 codes, upper case, no duplicates. */
  geoRegionList: string[];
  /** Authorized domains, lower case, no duplicates; empty = every domain. */
  referrerWhitelist: string[];
}
export interface Ads {
  preRollVastUrl: string | null;
  postRollVastUrl: string | null;
}
/** The studio's settings; the background image lives in the live's banners (`studioBackground`). */
export interface StudioSettings {
  chat: boolean;
  settingsButton: boolean;
  moreOptionsButton: boolean;
  studioColor: string;
  waitingRoomColor: string;
}

/** The general settings of an account (the defaults of a new stream). */
export interface StreamSettings {
  type: StreamType;
  latency: Latency;
  autoStart: boolean;
  autoCuts: boolean;
  playerColor: string;
  transcode: Transcode;
  security: Security;
  ads: Ads;
  analyticsMeasurementId: string | null;
  studio: StudioSettings;
}

/** The built-in general settings, used until an account saves its own. */
export const DEFAULT_STREAM_SETTINGS: StreamSettings = {
  type: 'encoder',
  latency: 'default',
  autoStart: false,
  autoCuts: false,
  playerColor: 'rgba(90, 50, 200, 1)',
  transcode: { enableLive2vod: true, enableDvr: false, enableAudioOnly: false },
  security: { geoAccessControl: 'off', geoRegionList: [], referrerWhitelist: [] },
  ads: { preRollVastUrl: null, postRollVastUrl: null },
  analyticsMeasurementId: null,
  studio: {
    chat: true,
    settingsButton: true,
    moreOptionsButton: true,
    studioColor: 'rgba(20, 18, 31, 1)',
    waitingRoomColor: 'rgba(20, 18, 31, 1)',
  },
};

/** ISO 3166-1 alpha-2 codes the geoblock list accepts, plus XK (Kosovo), which geolocation databases use. */
export const REGION_CODES: readonly string[] =
  `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW
  BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ
  FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ
  IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH
  MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL
  PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD
  TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW`
    .split(/\s+/)
    .filter(Boolean);

/* The streams' answers as JSON on the wire (docs/api-streams.md): dates are ISO strings, absent values
 * `null`. The server's TypeBox schemas (server/src/routes/streams/schemas.ts) are checked equal to these,
 * the console's structs (src/features/streaming/api) checked against them
 * (src/features/streaming/__tests__/contract.test.ts). */

/** One signal (an ingest point) of a live; `key` is null for callers without `broadcast`. */
export interface Signal {
  id: string;
  nome: string;
  key: string | null;
  resolution: string | null;
}

/** A live (`GET /v1/streams/{id}` and every route that answers one). */
export interface Stream {
  _id: string; // the same as id (the older API's name)
  id: string;
  nome: string;
  descricao: string | null; // internal note
  classroomDescription: string | null;
  status: StreamStatus;
  scheduledStartTime: string;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  type: StreamType;
  latency: Latency;
  autoStart: boolean;
  autoCuts: boolean;
  transcode: Transcode;
  security: Security;
  allowed_refer: boolean; // referrerWhitelist is not empty
  assets: {
    thumbnail: string | null;
    startSoonScreen: string | null;
    pauseScreen: string | null;
    endingScreen: string | null;
    playerColor: string;
  };
  ads: Ads;
  analyticsMeasurementId: string | null;
  studio: StudioSettings & { background: string | null };
  classroom: { cover: string | null; background: string | null; loginBackground: string | null };
  streamKey: string | null; // null for callers without `broadcast`
  signals: Signal[];
  recording: { videoId: string; url: string } | null; // the live-to-VOD video
  recordingStatus: 'processing' | 'ready' | 'failed' | 'unavailable' | null;
  durationSeconds: number | null;
}

/** `GET /v1/streams`. */
export interface StreamPage {
  items: Stream[];
  pagination: { page: number; limit: number; total: number; pagesTotal: number };
}

/** The account's general settings as answered (`GET /bff/lives/preset`): the defaults of a new stream. */
export interface StreamSettingsView {
  type: StreamType;
  latency: Latency;
  autoStart: boolean;
  autoCuts: boolean;
  transcode: Transcode;
  security: Security;
  assets: { playerColor: string };
  ads: Ads;
  analyticsMeasurementId: string | null;
  studio: StudioSettings;
  updatedAt: string | null;
}

/** One user of `GET /v1/account-users` (the streaming settings' users list; the older API's names). */
export interface AccountUser {
  id: string;
  nome: string;
  login: string;
  avatar: string | null;
  cargo: string; // role name in the team
  lastLoginAt: string | null; // ISO date-time; null: no last access
}

/** `GET /v1/live-streams/{id}/signals/{signalId}/preview`: the signed URL of the signal's live playlist. */
export interface SignalPreview {
  url: string;
  publishing: boolean;
}

/** What one signal receives now (docs/api-streams.md "Signal status"): size and frame rate are null
 * until the encoder's metadata is known. */
export interface SignalStatus {
  signalId: string;
  publishing: boolean;
  width: number | null;
  height: number | null;
  fps: number | null;
  /** The last WHIP publish the server ended on its own (its pipeline kept failing); null otherwise. */
  whipDropped: { at: string; reason: 'pipeline' } | null;
}

/** `GET /v1/live-streams/{id}/signals/status`. */
export interface SignalsStatus {
  signals: SignalStatus[];
}

/** `POST /v1/live-streams/{id}/studio/guest-link`: the studio's guest link (docs/studio.md). */
export interface GuestLink {
  linkId: string;
  token: string; // signed; expires with the link
  path: string; // the guest page on this server: /studio/{liveId}/guest?t={token}
  expiresAt: string; // ISO date-time
}
