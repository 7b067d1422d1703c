// The integrations contract both sides read (SPEC §2.4, §3 "Integration statuses", §4 "Integration
// state per provider", §7 "Integrations"; docs/integrations.md). The server answers these shapes
// (server/src/routes/integrations); the console's /integrations page reads them. Plain data and types
// only: nothing here imports.

/** The six cards of the page, in the spec's order. */
export const INTEGRATION_CARDS = [
  'google-meet',
  'tencent',
  'facebook',
  'zoom-multi',
  'zoom',
  'youtube',
] as const;
export type IntegrationCard = (typeof INTEGRATION_CARDS)[number];

/** Zoom accounts one team may connect on the multi-account card (SPEC §9). */
export const ZOOM_MAX_ACCOUNTS = 20;
/** The console polls a status every this long while an authorisation popup is open (SPEC §9). */
export const OAUTH_POLL_MS = 2000;
/** …and Facebook's status every second. */
export const FACEBOOK_POLL_MS = 1000;
/** Authorisation popups (SPEC §4). */
export const OAUTH_POPUP = { width: 600, height: 800 } as const;
export const FACEBOOK_POPUP = { width: 600, height: 400 } as const;

/**
 * `GET /bff/integrations/providers`: per card, whether the server holds the application credentials
 * its provider needs (client id and secret). A card whose provider is not configured says so instead
 * of opening a popup that could only fail. Tencent needs none of the server's (the customer gives
 * their own keys) and is always configured.
 */
export interface IntegrationProviders {
  providers: Record<IntegrationCard, { configured: boolean }>;
}

/** What an import has done so far (Zoom accounts, Google Meet, Tencent). */
export interface ImportSummary {
  /** The library folder imported recordings go to; null until the first connection made one. */
  folderId: string | null;
  folderName: string | null;
  /** Items found at the provider and not yet in the library (downloading, queued or retrying). */
  pending: number;
  /** Items now videos of the library (they appear in the processing modal while transcoding). */
  imported: number;
  /** Items that could not be imported; `lastError` says why, in the caller's language. */
  failed: number;
  lastError: string | null;
}

/**
 * A connected Zoom account (SPEC §3 "Zoom account"). `deauthorized`: the account removed the app
 * (Zoom's deauthorization notification) or its refresh token no longer works: it must be authorised
 * again. `tokenExpiresIn`: seconds until the access token expires (0 when expired; it is refreshed
 * transparently when the server next uses it).
 */
export interface ZoomAccount {
  zoomAccountId: string;
  /** The Zoom user's e-mail or name, for the list; null when Zoom did not tell. */
  label: string | null;
  activeImport: boolean;
  deauthorized: boolean;
  tokenExpiresIn: number;
  import: ImportSummary;
}

/** `GET /bff/zoom/status-token`: the single card's account, as a list (empty: not integrated). */
export type ZoomStatus = ZoomAccount[];

/**
 * `GET /bff/zoom/status-token-multi`: the multi-account card. `activeImport` is true when every
 * account imports; `deauthorized` when any account is deauthorized (the card then opens in its
 * reauthorise state). Integrated: `accounts.length > 0`.
 */
export interface ZoomMultiStatus {
  activeImport: boolean;
  deauthorized: boolean;
  accounts: ZoomAccount[];
}

/** `PUT /bff/zoom/importacao-ativa`: one account of the single card. Answers its `ZoomAccount`. */
export interface ZoomImportBody {
  activeImport: boolean;
  zoomAccountId: string;
}
/**
 * `PUT /bff/zoom/importacao-ativa-multi`: with `zoomAccountId` one account of the multi card, without
 * it every one. Answers `ZoomMultiStatus`.
 */
export interface ZoomMultiImportBody {
  activeImport: boolean;
  zoomAccountId?: string;
}
/**
 * Undo: `POST /bff/zoom/deauthorize` (single card) and `POST /bff/zoom/deauthorize-multi` (without
 * `zoomAccountId`: every account of the multi card). The token is revoked at Zoom and the connection
 * removed; imported videos stay in the library. Answers 204.
 */
export interface ZoomDeauthorizeBody {
  zoomAccountId?: string;
}

/**
 * `GET` and `PUT /bff/google-meet/importacao-ativa` (PUT body `{ activeImport }`). Integrated:
 * `integrated`. Undo: `POST /bff/google-meet/deauthorize` (204).
 */
export interface GoogleMeetStatus {
  integrated: boolean;
  activeImport: boolean;
  deauthorized: boolean;
  /** The connected Google account's e-mail, when Google told it. */
  label: string | null;
  import: ImportSummary;
}
export interface ImportSwitchBody {
  activeImport: boolean;
}

/**
 * `GET` and `PUT /bff/palco-youtube/importacao-ativa` (PUT body `{ enabled }`): `enabled` turns the
 * simulcast of the team's lives to the connected channel on. YouTube's policies forbid downloading
 * its videos: the card simulcasts and lists the channel's videos, it imports nothing. Undo:
 * `POST /bff/palco-youtube/deauthorize` (204).
 */
export interface YoutubeStatus {
  integrated: boolean;
  enabled: boolean;
  deauthorized: boolean;
  channel: { id: string; title: string } | null;
}
export interface YoutubeSwitchBody {
  enabled: boolean;
}
/** `GET /bff/palco-youtube/videos`: the connected channel's latest uploads. */
export interface YoutubeVideo {
  id: string;
  title: string;
  publishedAt: string;
  thumbnailUrl: string | null;
  url: string;
}

/**
 * `GET /bff/facebook/status`: the spec's `facebook_token` cookie as a flag that holds no secret (the
 * Page token stays on the server). `enabled` turns the simulcast of the team's lives to the Page on
 * (`PUT /bff/facebook/status` with `{ enabled }`). Undo: `POST /bff/facebook/deauthorize` (204).
 */
export interface FacebookStatus {
  integrated: boolean;
  enabled: boolean;
  deauthorized: boolean;
  page: { id: string; name: string } | null;
}

/**
 * `GET` and `PUT /bff/tencent/vod/importacao-ativa` (PUT body `{ activeImport }`);
 * `POST /bff/tencent/vod/migra-gravacoes` with `TencentCredentials` connects (the keys are checked by
 * a signed call first: a wrong pair is a 400 on `secretKey`) and answers this; `DELETE` undoes (204).
 * The secretKey is never answered.
 */
export interface TencentStatus {
  activeImport: boolean;
  activeIntegration: boolean;
  /** The secretId connected, for the card; never the secretKey. */
  secretId: string | null;
  import: ImportSummary;
}
export interface TencentCredentials {
  secretId: string;
  secretKey: string;
}

/**
 * Where a live is being simulcast (YouTube, Facebook), shown on the live's panel: `waiting` (a
 * connected destination, switched on, that the live has not been sent to yet: it goes on air with the
 * live's video), `starting` (broadcast made, push connecting), `live`, `failed` (retried while the live
 * runs), `ended`.
 */
export const SIMULCAST_STATES = ['waiting', 'starting', 'live', 'ended', 'failed'] as const;
export type SimulcastState = (typeof SIMULCAST_STATES)[number];
/**
 * Why a simulcast failed, for the panel to say in the user's language: the provider refused a call
 * (`refused`), did not answer or asked to slow down (`unreachable`), the connection's authorisation is
 * gone (`authorization`), the provider's ingestion address is not one Palco pushes to (`address`), the
 * push of the video dropped (`push`), anything else (`other`).
 */
export const SIMULCAST_FAILURES = [
  'refused',
  'unreachable',
  'authorization',
  'address',
  'push',
  'other',
] as const;
export type SimulcastFailure = (typeof SIMULCAST_FAILURES)[number];
export interface SimulcastTarget {
  /** The session's id; a `waiting` destination's is its connection's. */
  id: string;
  provider: 'youtube' | 'facebook';
  liveId: string;
  state: SimulcastState;
  /** The YouTube channel's title / the Facebook Page's name; null once the connection was undone. */
  name: string | null;
  /** The broadcast's or live video's page at the provider, once created. */
  watchUrl: string | null;
  /** The last failure's reason (null unless it failed), and its details in English (the provider's). */
  reason: SimulcastFailure | null;
  error: string | null;
}

/**
 * Starting an authorisation: the console asks the server (`POST /bff/zoom/oauth`,
 * `/bff/zoom/oauth-multi`, `/bff/google-meet/oauth`, `/bff/palco-youtube/oauth`,
 * `/bff/facebook/oauth`, authenticated, `accountId` the selected team) and opens `url` in the popup:
 * the spec's `GET /bff/<provider>/oauth?account_id=…` plus a single-use `state` bound to the caller,
 * the team and the provider, which sends the popup on to the provider's consent page. The provider
 * sends it back to `/bff/<provider>/oauth/callback`, which ends on a small page; the console polls the
 * status every `OAUTH_POLL_MS` until it shows the connection or the popup is closed.
 */
export interface OAuthStart {
  url: string;
}
