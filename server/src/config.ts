import { resolve } from 'node:path';
import Type, { type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { defaultAsnDbDir, defaultCityDbPaths, defaultGeoDbPath } from './lib/geo-databases.ts';

/*
 * The server's environment as a declared schema (TypeBox, the contract language of the routes): each
 * variable with its type, bounds, default and meaning. `loadConfig` converts the strings, applies the
 * defaults, checks every variable at once (one error listing all the bad ones) and shapes the result
 * into `Config`, whose type is derived from the schema. README's configuration table is checked against
 * `ENV_SCHEMA` by server/test/config.test.ts.
 */

/** What a variable must be, said in the start-up error. */
interface Expect {
  expected: string;
}

const int = (min: number, fallback: number | undefined, description: string, max?: number) =>
  Type.Integer({
    minimum: min,
    ...(max === undefined ? {} : { maximum: max }),
    ...(fallback === undefined ? {} : { default: fallback }),
    description,
    expected:
      max === undefined
        ? min === 1
          ? 'a positive integer'
          : `an integer ≥ ${min}`
        : `an integer between ${min} and ${max}`,
  });
const positive = (fallback: number, description: string) => int(1, fallback, description);
const bool = (fallback: boolean, description: string) =>
  Type.Boolean({ default: fallback, description, expected: 'true or false' });
const text = (description: string, fallback?: string) =>
  Type.String({ minLength: 1, ...(fallback === undefined ? {} : { default: fallback }), description });
const optional = <T extends TSchema>(schema: T) => Type.Optional(schema);
const absoluteUrl = (description: string) =>
  optional(
    Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9+.-]*://[^\\s]+$', description, expected: 'an absolute URL' }),
  );

/** A dotted IPv4 address. */
const IPV4 = '^((25[0-5]|2[0-4]\\d|1?\\d?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1?\\d?\\d)$';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const ENV_SCHEMA = Type.Object({
  PORT: int(0, 8080, 'HTTP port', 65535),
  HOST: text('listen address', '0.0.0.0'),
  DATA_DIR: text('embedded database, generated JWT secret, mail folder', './data'),
  DATABASE_URL: optional(text('a PostgreSQL server; when set, PGlite is not used')),
  PGLITE_TEMPLATE_DIR: optional(
    text('a folder that keeps a new, migrated embedded database to copy (tests and CI; unset in production)'),
  ),
  JWT_SECRET: optional(
    Type.String({
      minLength: 32,
      description: 'signing key of session tokens',
      expected: 'at least 32 characters long',
    }),
  ),
  PUBLIC_URL: absoluteUrl('the address used in links sent by e-mail (default http://localhost:PORT)'),
  SMTP_URL: optional(text('nodemailer SMTP URL; without it mails go to DATA_DIR/mail')),
  MAIL_FROM: optional(text('sender of mails (default "PRODUCT_NAME <no-reply@palco.local>")')),
  STATIC_DIR: text('the built console', './dist'),
  LOG_LEVEL: Type.Union(
    LOG_LEVELS.map((level) => Type.Literal(level)),
    { default: 'info', description: 'pino log level', expected: `one of ${LOG_LEVELS.join(', ')}` },
  ),
  SEED_DEMO: bool(true, 'create the demo data on first start with an empty database'),
  PRODUCT_NAME: text('product name in mails (white-label)', 'Palco'),
  UPLOAD_URL: absoluteUrl('where the console sends video bytes (default PUBLIC_URL/upload)'),
  MAX_UPLOAD_BYTES: positive(64 * 1024 ** 3, 'largest video accepted'),
  FFMPEG_PATH: text('ffmpeg binary', 'ffmpeg'),
  FFPROBE_PATH: text('ffprobe binary', 'ffprobe'),
  INGEST_PORT: Type.Union([Type.Integer({ minimum: 0, maximum: 65535 }), Type.Literal('off')], {
    default: 1935,
    description: 'RTMP ingest port; 0 or off turns the ingest off',
    expected: 'an integer between 1 and 65535, 0 or off',
  }),
  INGEST_HOST: optional(text('address the RTMP ingest listens on (default HOST)')),
  INGEST_URL: optional(
    Type.String({
      pattern: '^rtmps?://[^/\\s]+',
      description: 'the RTMP server the console tells encoder users',
      expected: 'an absolute rtmp:// URL',
    }),
  ),
  // WebRTC: the WHIP ingest and the forwarding unit (docs/studio.md "Ports, NAT and TURN").
  WEBRTC_UDP_PORT_MIN: optional(
    int(1024, undefined, 'first UDP port of WebRTC (default: any free port)', 65534),
  ),
  WEBRTC_UDP_PORT_MAX: optional(
    int(1025, undefined, 'last UDP port of WebRTC (with WEBRTC_UDP_PORT_MIN)', 65535),
  ),
  WEBRTC_PUBLIC_IP: optional(
    Type.String({
      pattern: IPV4,
      description: 'the IPv4 address announced in ICE candidates (a server behind 1:1 NAT)',
      expected: 'an IPv4 address',
    }),
  ),
  WEBRTC_INTERFACE: optional(
    Type.String({
      pattern: IPV4,
      description: 'the local IPv4 address WebRTC uses (default: every interface)',
      expected: 'an IPv4 address',
    }),
  ),
  WEBRTC_ICE_SERVERS: optional(
    Type.String({
      description: 'STUN/TURN servers of the server side, a JSON array of RTCIceServer',
      expected: 'a JSON array like [{"urls":"turn:host:3478","username":"u","credential":"p"}]',
    }),
  ),
  WHIP_URL: absoluteUrl('the WHIP endpoint the console shows (default PUBLIC_URL/whip)'),
  WHIP_MAX_PUBLISHES: positive(20, 'WHIP publishes at once on one instance'),
  WHIP_PER_ADDRESS_PER_MINUTE: positive(20, 'WHIP offers one client address may post per minute'),
  // Read by media/images.ts when it loads; declared here so that a bad value stops the start.
  MAX_IMAGE_PIXELS: positive(40_000_000, 'largest image accepted (width × height)'),
  TRUST_PROXY: optional(
    Type.String({
      description: 'which peers may name the client in X-Forwarded-For',
      expected: "true, false or the proxies' addresses/CIDRs",
    }),
  ),
  METRICS_TOKEN: optional(
    Type.String({
      minLength: 16,
      description: 'bearer token that reads /metrics; without it /metrics answers 404',
      expected: 'at least 16 characters long',
    }),
  ),
  READY_TIMEOUT_MS: positive(3000, '/readyz answers 503 when a check takes longer than this'),
  HEADERS_TIMEOUT_MS: positive(20_000, 'the request line and headers must arrive within this'),
  REQUEST_TIMEOUT_MS: positive(60_000, 'a request may arrive at any pace this long'),
  BODY_WINDOW_MS: positive(10_000, 'the window of the body pace'),
  BODY_MIN_BYTES: positive(8192, 'bytes a body must bring per window'),
  KEEP_ALIVE_TIMEOUT_MS: positive(72_000, 'idle keep-alive connections are closed after this'),
  MAX_CONNECTIONS_PER_ADDRESS: positive(64, 'open connections per socket peer'),
  LOGIN_ADDRESS_SLOW_AFTER: positive(10, 'failed logins of an address before each is delayed'),
  LOGIN_ADDRESS_DELAY_MS: positive(250, 'first delay, doubled with each further failure'),
  LOGIN_ADDRESS_MAX_FAILURES: positive(30, 'failed logins of an address before 429'),
  ACTIVITY_RETENTION_DAYS: positive(400, 'activity-log entries older than this are purged'),
  INVITATION_TTL_DAYS: positive(7, 'how long a team invitation link works'),
  API_KEY_RATE_PER_MINUTE: positive(600, 'requests per API key and minute, per instance'),
  WS_HELLO_TIMEOUT_MS: positive(10_000, "the account websocket's hello must arrive within this"),
  WS_MAX_MESSAGE_BYTES: positive(4096, 'largest message a websocket client may send'),
  WS_MAX_CONNECTIONS_PER_USER: positive(20, 'open account websockets per user on one instance'),
  WS_MAX_BUFFERED_BYTES: positive(1024 * 1024, 'bytes queued for a websocket client before it is dropped'),
  WS_PING_MS: positive(25_000, 'keep-alive ping to every websocket'),
  WS_REVALIDATE_MS: positive(2000, 'open websockets are checked against sessions and memberships this often'),
  WS_REPLAY_EVENTS: positive(500, 'replay window per account, in events'),
  WS_REPLAY_MS: positive(10 * 60_000, 'replay window per account, in time'),
  SIGNAL_HEALTH_MS: positive(2000, "each publishing signal's health is sent this often"),
  AUTO_CUT_SECONDS: positive(600, 'a live with auto cuts on ends after this long without content'),
  GEOIP_DB_PATH: optional(text('offline IP → country database (MaxMind format)')),
  TRUSTED_COUNTRY_HEADER: optional(
    Type.String({
      pattern: '^\\s*[A-Za-z0-9-]{1,64}\\s*$',
      description: 'a viewer-country header set by a trusted CDN in front',
      expected: 'an HTTP header name',
    }),
  ),
  GEOIP_CITY_DB_PATH: optional(text('offline IP → state and city databases, a comma list')),
  ASN_DB_PATH: optional(text('folder of the offline IP → network provider tables')),
  CHANNEL_MAX_PER_ADDRESS: positive(20, 'open public viewer channels per client address'),
  CHANNEL_MAX_PER_LIVE: positive(10_000, 'open public viewer channels per live on one instance'),
  CHANNEL_PING_MS: positive(25_000, 'transport-level ping to every viewer channel'),
  WHEP_MAX_VIEWERS_PER_LIVE: int(0, 100, 'WebRTC (WHEP) viewers per live on one instance; past it, HLS'),
  WHEP_MAX_PER_ADDRESS: positive(20, 'WebRTC (WHEP) viewers per client address'),
  BEACONS_PER_MINUTE: positive(30, 'player telemetry posts per playback session and minute'),
  VIEWER_ID_SECONDS: positive(60, 'how long players show their viewer ID'),
  VIEWER_TIMEOUT_SECONDS: positive(30, 'a session counts as watching while its last beacon is younger'),
  VIEWER_COUNT_MS: positive(5000, 'viewer counts are recomputed this often'),
  SESSIONS_PER_ADDRESS_BURST: positive(300, 'playback sessions one client address is issued at once'),
  SESSIONS_PER_ADDRESS_PER_MINUTE: positive(600, '…then per minute'),
  BEACON_EVENTS_PER_ADDRESS_BURST: positive(2000, 'telemetry events one client address may post at once'),
  BEACON_EVENTS_PER_ADDRESS_PER_MINUTE: positive(6000, '…then per minute'),
  BEACON_EVENTS_PER_SESSION_BURST: positive(60, 'telemetry events one playback session may post at once'),
  BEACON_EVENTS_PER_SESSION_PER_MINUTE: positive(60, '…then per minute'),
  BEACON_EVENTS_PER_SESSION_TOTAL: positive(3000, '…and over its whole life'),
  LIKES_PER_ADDRESS_BURST: positive(60, 'video likes (and unlikes) one client address may send at once'),
  LIKES_PER_ADDRESS_PER_MINUTE: positive(60, '…then per minute'),
  ANALYTICS_FLUSH_MS: positive(1000, 'player beacons are written in batches this often'),
  ANALYTICS_TICK_MS: positive(2000, 'concurrent viewers are sampled and pushed this often'),
  ANALYTICS_RETENTION_DAYS: positive(30, 'raw player events are kept this long'),
  WEBHOOK_ALLOW_PRIVATE: bool(false, 'let webhook endpoints be loopback/private addresses (development)'),
  WEBHOOK_TIMEOUT_MS: positive(10_000, 'one delivery attempt, from connect to the last byte'),
  WEBHOOK_MAX_ATTEMPTS: positive(6, 'attempts per delivery'),
  WEBHOOK_RETRY_DELAY_S: positive(30, 'first wait before a retry, doubled each time'),
  WEBHOOK_CONCURRENCY: positive(4, 'deliveries in flight per instance'),
  // Integrations (docs/integrations.md). Provider endpoints default to the real hosts; tests point
  // them at the local servers of server/test/fakes.
  INTEGRATIONS_POLL_SECONDS: positive(
    300,
    'each connection with import on looks for new recordings this often',
  ),
  INTEGRATIONS_DOWNLOAD_TIMEOUT_MS: positive(30 * 60_000, 'one imported file, from connect to the last byte'),
  INTEGRATIONS_HTTP_TIMEOUT_MS: positive(15_000, "one call to a provider's API or token endpoint"),
  INTEGRATIONS_MAX_ATTEMPTS: positive(6, 'attempts per imported item (429/5xx are retried)'),
  INTEGRATIONS_RETRY_DELAY_S: positive(30, 'first wait before an import retry, doubled each time'),
  INTEGRATIONS_DEV_HOSTS: optional(
    text('host:port list that imports may download from over http though local (development, tests)'),
  ),
  ZOOM_CLIENT_ID: optional(text('Zoom OAuth app: client ID')),
  ZOOM_CLIENT_SECRET: optional(text('Zoom OAuth app: client secret')),
  ZOOM_WEBHOOK_SECRET_TOKEN: optional(text("Zoom app's secret token (signs its event notifications)")),
  ZOOM_AUTHORIZE_URL: text('Zoom authorization endpoint', 'https://zoom.us/oauth/authorize'),
  ZOOM_TOKEN_URL: text('Zoom token endpoint', 'https://zoom.us/oauth/token'),
  ZOOM_REVOKE_URL: text('Zoom revocation endpoint', 'https://zoom.us/oauth/revoke'),
  ZOOM_API_URL: text('Zoom REST API base', 'https://api.zoom.us/v2'),
  GOOGLE_CLIENT_ID: optional(text('Google OAuth client (Meet, YouTube): client ID')),
  GOOGLE_CLIENT_SECRET: optional(text('Google OAuth client: client secret')),
  GOOGLE_AUTHORIZE_URL: text('Google authorization endpoint', 'https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: text('Google token endpoint', 'https://oauth2.googleapis.com/token'),
  GOOGLE_REVOKE_URL: text('Google revocation endpoint', 'https://oauth2.googleapis.com/revoke'),
  GOOGLE_MEET_API_URL: text('Google Meet REST API base', 'https://meet.googleapis.com/v2'),
  GOOGLE_DRIVE_API_URL: text('Google Drive API base', 'https://www.googleapis.com/drive/v3'),
  GOOGLE_JWKS_URL: text(
    "Google's signing keys (JWKS) for the id_tokens it sends",
    'https://www.googleapis.com/oauth2/v3/certs',
  ),
  TENCENT_VOD_API_URL: text('Tencent Cloud VOD API 3.0 endpoint', 'https://vod.tencentcloudapi.com'),
  TENCENT_VOD_REGION: optional(text('X-TC-Region sent to Tencent Cloud VOD (optional for VOD)')),
  YOUTUBE_API_URL: text('YouTube Data / Live Streaming API base', 'https://www.googleapis.com/youtube/v3'),
  YOUTUBE_BROADCAST_PRIVACY: Type.Union(
    [Type.Literal('public'), Type.Literal('unlisted'), Type.Literal('private')],
    {
      default: 'unlisted',
      description: 'privacy of the YouTube broadcasts of simulcast lives',
      expected: 'public, unlisted or private',
    },
  ),
  FACEBOOK_APP_ID: optional(text('Facebook app (Facebook Login): app ID')),
  FACEBOOK_APP_SECRET: optional(text('Facebook app: app secret')),
  FACEBOOK_DIALOG_URL: text('Facebook Login dialog', 'https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_GRAPH_URL: text('Facebook Graph API base', 'https://graph.facebook.com/v19.0'),
  SIMULCAST_RETRY_MS: positive(
    2_000,
    'first wait before a failed simulcast push or provider call is tried again, doubled each time',
  ),
  SUBTITLES_ENGINE: Type.Union(
    (['auto', 'off', 'pocketsphinx', 'whisper'] as const).map((engine) => Type.Literal(engine)),
    {
      default: 'auto',
      description: 'automatic subtitles: every engine found, none, or one',
      expected: 'auto, off, pocketsphinx or whisper',
    },
  ),
  SUBTITLES_POCKETSPHINX_PATH: text(
    'the pocketsphinx_continuous program (Debian pocketsphinx)',
    'pocketsphinx_continuous',
  ),
  SUBTITLES_POCKETSPHINX_MODEL_DIR: text(
    'the US English model (Debian pocketsphinx-en-us)',
    '/usr/share/pocketsphinx/model/en-us',
  ),
  SUBTITLES_WHISPER_MODEL: optional(
    text('a whisper.cpp ggml model file (multilingual), provided by the operator'),
  ),
  SUBTITLES_MAX_SECONDS: positive(3600, 'longer videos are refused'),
  SUBTITLES_TIMEOUT_S: positive(7200, 'a job running longer is stopped and fails'),
  // Media storage (docs/storage.md): the local disk, or an S3-compatible bucket through the AWS SDK,
  // which reads its credentials itself (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a profile, a role).
  STORAGE: Type.Union([Type.Literal('disk'), Type.Literal('s3')], {
    default: 'disk',
    description: 'where media lives: disk (DATA_DIR) or s3 (a bucket)',
    expected: 'disk or s3',
  }),
  S3_BUCKET: optional(
    Type.String({
      pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$',
      description: 'the bucket, required with STORAGE=s3',
      expected: 'a bucket name (required with STORAGE=s3)',
    }),
  ),
  S3_REGION: text("the bucket's region", 'us-east-1'),
  S3_ENDPOINT: absoluteUrl('an S3-compatible endpoint (MinIO, R2, B2…); empty for AWS'),
  S3_FORCE_PATH_STYLE: bool(false, 'bucket in the path rather than the host name (MinIO, Ceph)'),
  MEDIA_DELIVERY: Type.Union([Type.Literal('server'), Type.Literal('presigned'), Type.Literal('cdn')], {
    default: 'server',
    description: "how viewers' files are sent with STORAGE=s3: server, presigned or cdn",
    expected: 'server, presigned or cdn (the last two with STORAGE=s3)',
  }),
  MEDIA_CDN_URL: absoluteUrl('the CDN in front of the bucket, with MEDIA_DELIVERY=cdn'),
  PRESIGNED_URL_SECONDS: int(10, 300, 'how long a presigned media URL works', 3600),
});

export type Env = Static<typeof ENV_SCHEMA>;

const TRUE = /^(1|true|yes|on)$/i;
const FALSE = /^(0|false|no|off)$/i;

/** The variables the schema declares, as given: blank ones left out (a blank variable is an unset one),
 * booleans' spellings (yes/no, on/off, 1/0) normalized, and `INGEST_PORT`'s `off` kept as the word. */
function declared(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(ENV_SCHEMA.properties)) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const value = raw.trim();
    if ((schema as { type?: string }).type === 'boolean')
      out[name] = TRUE.test(value) ? true : FALSE.test(value) ? false : value;
    else if (name === 'INGEST_PORT') out[name] = /^(off|false|no)$/i.test(value) ? 'off' : value;
    else out[name] = name === 'JWT_SECRET' || name === 'MAIL_FROM' ? raw : value;
  }
  return out;
}

/** An RTCIceServer as WEBRTC_ICE_SERVERS lists it. */
export interface IceServer {
  urls: string;
  username?: string;
  credential?: string;
}

/** WEBRTC_ICE_SERVERS parsed: at most 8 stun:/turn:/turns: servers, or undefined when it is not that. */
export function iceServersOf(text: string): IceServer[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length > 8) return undefined;
  const servers: IceServer[] = [];
  for (const item of parsed as unknown[]) {
    if (typeof item !== 'object' || item === null) return undefined;
    const { urls, username, credential } = item as Record<string, unknown>;
    if (typeof urls !== 'string' || !/^(stun|turns?):[^\s]+$/.test(urls)) return undefined;
    if (username !== undefined && typeof username !== 'string') return undefined;
    if (credential !== undefined && typeof credential !== 'string') return undefined;
    servers.push({
      urls,
      ...(username === undefined ? {} : { username }),
      ...(credential === undefined ? {} : { credential }),
    });
  }
  return servers;
}

/** Checks every variable; one error names each bad one, what it must be, and what it was. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const given = declared(env);
  const value = Value.Default(ENV_SCHEMA, Value.Convert(ENV_SCHEMA, structuredClone(given))) as Record<
    string,
    unknown
  >;
  // Each variable checked on its own (a list of the schema's errors may stop early), in the schema's
  // order; an optional one may be absent.
  const bad = new Set<string>();
  for (const [name, schema] of Object.entries(ENV_SCHEMA.properties)) {
    if (value[name] === undefined && !(ENV_SCHEMA.required as string[] | undefined)?.includes(name)) continue;
    if (!Value.Check(schema, value[name])) bad.add(name);
  }
  // A bare hop count is refused: fastify 5 trusts nobody for a number (it cannot tell the proxy from a
  // client sending enough hops).
  const proxies = value.TRUST_PROXY;
  if (typeof proxies === 'string' && proxies.split(',').some((item) => /^\s*\d+\s*$/.test(item)))
    bad.add('TRUST_PROXY');
  // The WebRTC port range: both ends or neither, in order; the ICE servers: JSON in the expected shape.
  const [low, high] = [value.WEBRTC_UDP_PORT_MIN, value.WEBRTC_UDP_PORT_MAX];
  if ((low === undefined) !== (high === undefined))
    bad.add(low === undefined ? 'WEBRTC_UDP_PORT_MIN' : 'WEBRTC_UDP_PORT_MAX');
  else if (typeof low === 'number' && typeof high === 'number' && high <= low) bad.add('WEBRTC_UDP_PORT_MAX');
  if (typeof value.WEBRTC_ICE_SERVERS === 'string' && !iceServersOf(value.WEBRTC_ICE_SERVERS))
    bad.add('WEBRTC_ICE_SERVERS');
  // Beyond a pattern: the URLs must parse.
  for (const name of [
    'PUBLIC_URL',
    'UPLOAD_URL',
    'INGEST_URL',
    'WHIP_URL',
    'ZOOM_AUTHORIZE_URL',
    'ZOOM_TOKEN_URL',
    'ZOOM_REVOKE_URL',
    'ZOOM_API_URL',
    'GOOGLE_AUTHORIZE_URL',
    'GOOGLE_TOKEN_URL',
    'GOOGLE_REVOKE_URL',
    'GOOGLE_MEET_API_URL',
    'GOOGLE_DRIVE_API_URL',
    'GOOGLE_JWKS_URL',
    'S3_ENDPOINT',
    'MEDIA_CDN_URL',
    'TENCENT_VOD_API_URL',
    'YOUTUBE_API_URL',
    'FACEBOOK_DIALOG_URL',
    'FACEBOOK_GRAPH_URL',
  ] as const) {
    const url = value[name];
    if (typeof url === 'string' && !URL.canParse(url)) bad.add(name);
  }
  if (value.STORAGE === 's3' && value.S3_BUCKET === undefined) bad.add('S3_BUCKET');
  if (value.MEDIA_DELIVERY === 'cdn' && value.MEDIA_CDN_URL === undefined) bad.add('MEDIA_CDN_URL');
  if (value.MEDIA_DELIVERY !== 'server' && value.STORAGE !== 's3') bad.add('MEDIA_DELIVERY');
  if (bad.size > 0) {
    const order = Object.keys(ENV_SCHEMA.properties);
    const lines = [...bad]
      .sort((a, b) => order.indexOf(a) - order.indexOf(b))
      .map((name) => {
        const schema = ENV_SCHEMA.properties[name as keyof Env] as unknown as Partial<Expect>;
        return `  ${name} must be ${schema.expected ?? 'valid'}, got "${env[name]}"`;
      });
    throw new Error(
      `Invalid configuration (${bad.size} variable${bad.size > 1 ? 's' : ''}):\n${lines.join('\n')}`,
    );
  }
  return value as Env;
}

/** A comma list of paths, each made absolute; undefined when blank. */
function pathList(value: string | undefined): string[] | undefined {
  const paths = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return paths.length > 0 ? paths.map((path) => resolve(path)) : undefined;
}

function trustProxyOf(value: string | undefined): boolean | string[] {
  if (value === undefined) return false;
  if (TRUE.test(value)) return true;
  if (FALSE.test(value)) return false;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The checked environment shaped for the server. */
function shape(env: Env) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const ingestPort = env.INGEST_PORT === 'off' || env.INGEST_PORT === 0 ? null : env.INGEST_PORT;
  return {
    port: env.PORT,
    host: env.HOST,
    /** Absolute path; holds the embedded database, the generated JWT secret and the mail folder. */
    dataDir: resolve(env.DATA_DIR),
    /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
    databaseUrl: env.DATABASE_URL,
    /** Where a new embedded database, once migrated, is kept as a tarball and copied from by the next new
     * one (docs/server.md "A new embedded database from a template"); undefined: every new one is made. */
    pgliteTemplateDir: env.PGLITE_TEMPLATE_DIR === undefined ? undefined : resolve(env.PGLITE_TEMPLATE_DIR),
    /** HS256 key material; when absent one is generated once and kept in `DATA_DIR/jwt-secret`. */
    jwtSecret: env.JWT_SECRET,
    /** Origin of the console, used to build links in mail. No trailing slash. */
    publicUrl,
    /** nodemailer SMTP URL; when absent mail is written to `DATA_DIR/mail`. */
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `${env.PRODUCT_NAME} <no-reply@palco.local>`,
    /** The built console; when the folder does not exist nothing static is served. */
    staticDir: resolve(env.STATIC_DIR),
    logLevel: env.LOG_LEVEL as string,
    seedDemo: env.SEED_DEMO,
    productName: env.PRODUCT_NAME,
    /** Base URL of the upload host (SPEC section 9): `${PUBLIC_URL}/upload` by default, which this server serves. */
    uploadUrl: (env.UPLOAD_URL ?? `${publicUrl}/upload`).replace(/\/+$/, ''),
    maxUploadBytes: env.MAX_UPLOAD_BYTES,
    ffmpegPath: env.FFMPEG_PATH,
    ffprobePath: env.FFPROBE_PATH,
    /** RTMP ingest port; null when ingest is off (`0` or `off`). */
    ingestPort,
    ingestHost: env.INGEST_HOST ?? env.HOST,
    /** The RTMP server encoders publish to, as the console shows it; null when ingest is off. */
    ingestUrl:
      ingestPort === null
        ? null
        : (env.INGEST_URL?.replace(/\/+$/, '') ??
          `rtmp://${new URL(publicUrl).host.replace(/:\d+$/, '')}:${ingestPort}/live`),
    /** The server's WebRTC and the WHIP ingest (docs/studio.md). */
    webrtc: {
      portRange:
        env.WEBRTC_UDP_PORT_MIN !== undefined && env.WEBRTC_UDP_PORT_MAX !== undefined
          ? ([env.WEBRTC_UDP_PORT_MIN, env.WEBRTC_UDP_PORT_MAX] as [number, number])
          : null,
      publicIp: env.WEBRTC_PUBLIC_IP ?? null,
      interfaceAddress: env.WEBRTC_INTERFACE ?? null,
      iceServers: env.WEBRTC_ICE_SERVERS === undefined ? [] : (iceServersOf(env.WEBRTC_ICE_SERVERS) ?? []),
      connectTimeoutMs: 30_000,
      disconnectTimeoutMs: 15_000,
    },
    /** The WHIP endpoint as the console shows it; null when the RTMP ingest (which WHIP feeds) is off. */
    whipUrl: ingestPort === null ? null : (env.WHIP_URL?.replace(/\/+$/, '') ?? `${publicUrl}/whip`),
    whip: {
      maxPublishes: env.WHIP_MAX_PUBLISHES,
      perAddressPerMinute: env.WHIP_PER_ADDRESS_PER_MINUTE,
    },
    /** Which peers may name the client in X-Forwarded-For: decides `request.ip` (login throttle, log). */
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    /** The operator's endpoints (docs/deployment.md "Readiness and metrics"). */
    metricsToken: env.METRICS_TOKEN ?? null,
    readyTimeoutMs: env.READY_TIMEOUT_MS,
    /** Slow-client limits of the HTTP server (server/src/plugins/http-limits.ts, docs/security.md). */
    httpLimits: {
      headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      bodyWindowMs: env.BODY_WINDOW_MS,
      bodyMinBytes: env.BODY_MIN_BYTES,
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
      maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
    },
    /** Login failures one client address may make (server/src/services/login-throttle.ts). */
    loginThrottle: {
      slowAfter: env.LOGIN_ADDRESS_SLOW_AFTER,
      delayMs: env.LOGIN_ADDRESS_DELAY_MS,
      maxDelayMs: 4000,
      maxFailures: env.LOGIN_ADDRESS_MAX_FAILURES,
      windowMinutes: 15,
    },
    activityRetentionDays: env.ACTIVITY_RETENTION_DAYS,
    invitationTtlDays: env.INVITATION_TTL_DAYS,
    apiKeyRatePerMinute: env.API_KEY_RATE_PER_MINUTE,
    /** The account websocket and live operations (docs/realtime.md "Limits"). */
    realtime: {
      helloTimeoutMs: env.WS_HELLO_TIMEOUT_MS,
      maxMessageBytes: env.WS_MAX_MESSAGE_BYTES,
      maxConnectionsPerUser: env.WS_MAX_CONNECTIONS_PER_USER,
      maxBufferedBytes: env.WS_MAX_BUFFERED_BYTES,
      pingMs: env.WS_PING_MS,
      revalidateMs: env.WS_REVALIDATE_MS,
      replayEvents: env.WS_REPLAY_EVENTS,
      replayMs: env.WS_REPLAY_MS,
      healthIntervalMs: env.SIGNAL_HEALTH_MS,
      autoCutMs: env.AUTO_CUT_SECONDS * 1000,
    },
    /** Offline IP-to-country database (MaxMind format), reloaded when the file changes. */
    geoipDbPath: resolve(env.GEOIP_DB_PATH ?? defaultGeoDbPath()),
    /** A country header set by a trusted CDN in front (lower case); null: the database only. */
    trustedCountryHeader: env.TRUSTED_COUNTRY_HEADER?.trim().toLowerCase() ?? null,
    /** Offline IP-to-city databases (MaxMind format, asked in order). */
    geoipCityDbPaths: pathList(env.GEOIP_CITY_DB_PATH) ?? defaultCityDbPaths(),
    /** Folder of the IP-to-ASN tables (`asn-ipv4-num.csv`, `asn-ipv6-num.csv`). */
    asnDbDir: resolve(env.ASN_DB_PATH ?? defaultAsnDbDir()),
    /** The public viewer channel, beacons, viewer counts and the viewer-ID signal (docs/playback.md). */
    viewers: {
      channelMaxPerAddress: env.CHANNEL_MAX_PER_ADDRESS,
      channelMaxPerLive: env.CHANNEL_MAX_PER_LIVE,
      channelPingMs: env.CHANNEL_PING_MS,
      whepMaxPerLive: env.WHEP_MAX_VIEWERS_PER_LIVE,
      whepMaxPerAddress: env.WHEP_MAX_PER_ADDRESS,
      beaconsPerMinute: env.BEACONS_PER_MINUTE,
      viewerIdSeconds: env.VIEWER_ID_SECONDS,
      viewerTimeoutMs: env.VIEWER_TIMEOUT_SECONDS * 1000,
      viewerCountMs: env.VIEWER_COUNT_MS,
      sessionsPerAddress: {
        burst: env.SESSIONS_PER_ADDRESS_BURST,
        perMinute: env.SESSIONS_PER_ADDRESS_PER_MINUTE,
      },
      beaconEventsPerAddress: {
        burst: env.BEACON_EVENTS_PER_ADDRESS_BURST,
        perMinute: env.BEACON_EVENTS_PER_ADDRESS_PER_MINUTE,
      },
      beaconEventsPerSession: {
        burst: env.BEACON_EVENTS_PER_SESSION_BURST,
        perMinute: env.BEACON_EVENTS_PER_SESSION_PER_MINUTE,
        total: env.BEACON_EVENTS_PER_SESSION_TOTAL,
      },
      likesPerAddress: { burst: env.LIKES_PER_ADDRESS_BURST, perMinute: env.LIKES_PER_ADDRESS_PER_MINUTE },
    },
    /** Webhook deliveries (docs/webhooks.md). */
    webhooks: {
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      maxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
      retryDelaySeconds: env.WEBHOOK_RETRY_DELAY_S,
      concurrency: env.WEBHOOK_CONCURRENCY,
    },
    /** Automatic subtitles: the speech-recognition engines and their limits (docs/api-videos.md). */
    subtitles: {
      engine: env.SUBTITLES_ENGINE as 'auto' | 'off' | 'pocketsphinx' | 'whisper',
      pocketsphinxPath: env.SUBTITLES_POCKETSPHINX_PATH,
      pocketsphinxModelDir: resolve(env.SUBTITLES_POCKETSPHINX_MODEL_DIR),
      whisperModel:
        env.SUBTITLES_WHISPER_MODEL === undefined ? undefined : resolve(env.SUBTITLES_WHISPER_MODEL),
      maxSeconds: env.SUBTITLES_MAX_SECONDS,
      timeoutSeconds: env.SUBTITLES_TIMEOUT_S,
    },
    /** Third-party integrations (docs/integrations.md). */
    integrations: {
      pollSeconds: env.INTEGRATIONS_POLL_SECONDS,
      downloadTimeoutMs: env.INTEGRATIONS_DOWNLOAD_TIMEOUT_MS,
      httpTimeoutMs: env.INTEGRATIONS_HTTP_TIMEOUT_MS,
      maxAttempts: env.INTEGRATIONS_MAX_ATTEMPTS,
      retryDelaySeconds: env.INTEGRATIONS_RETRY_DELAY_S,
      /** `host:port` (lower case) a download may reach over http and on a local address. */
      devHosts: (env.INTEGRATIONS_DEV_HOSTS ?? '')
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter((item) => item !== ''),
      zoom: {
        clientId: env.ZOOM_CLIENT_ID ?? null,
        clientSecret: env.ZOOM_CLIENT_SECRET ?? null,
        webhookSecretToken: env.ZOOM_WEBHOOK_SECRET_TOKEN ?? null,
        authorizeUrl: env.ZOOM_AUTHORIZE_URL,
        tokenUrl: env.ZOOM_TOKEN_URL,
        revokeUrl: env.ZOOM_REVOKE_URL,
        apiUrl: env.ZOOM_API_URL.replace(/\/+$/, ''),
      },
      google: {
        clientId: env.GOOGLE_CLIENT_ID ?? null,
        clientSecret: env.GOOGLE_CLIENT_SECRET ?? null,
        authorizeUrl: env.GOOGLE_AUTHORIZE_URL,
        tokenUrl: env.GOOGLE_TOKEN_URL,
        revokeUrl: env.GOOGLE_REVOKE_URL,
        meetApiUrl: env.GOOGLE_MEET_API_URL.replace(/\/+$/, ''),
        driveApiUrl: env.GOOGLE_DRIVE_API_URL.replace(/\/+$/, ''),
        jwksUrl: env.GOOGLE_JWKS_URL,
      },
      tencent: { apiUrl: env.TENCENT_VOD_API_URL, region: env.TENCENT_VOD_REGION ?? null },
      youtube: {
        apiUrl: env.YOUTUBE_API_URL.replace(/\/+$/, ''),
        broadcastPrivacy: env.YOUTUBE_BROADCAST_PRIVACY,
      },
      facebook: {
        appId: env.FACEBOOK_APP_ID ?? null,
        appSecret: env.FACEBOOK_APP_SECRET ?? null,
        dialogUrl: env.FACEBOOK_DIALOG_URL,
        graphUrl: env.FACEBOOK_GRAPH_URL.replace(/\/+$/, ''),
      },
      simulcastRetryMs: env.SIMULCAST_RETRY_MS,
    },
    /** Where media lives and how viewers get it (docs/storage.md). */
    storage: {
      kind: env.STORAGE as 'disk' | 's3',
      bucket: env.S3_BUCKET ?? '',
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      delivery: env.MEDIA_DELIVERY as 'server' | 'presigned' | 'cdn',
      cdnUrl: env.MEDIA_CDN_URL?.replace(/\/+$/, ''),
      presignedSeconds: env.PRESIGNED_URL_SECONDS,
    },
    /** Audience analytics (docs/analytics.md). */
    analytics: {
      flushMs: env.ANALYTICS_FLUSH_MS,
      tickMs: env.ANALYTICS_TICK_MS,
      retentionDays: env.ANALYTICS_RETENTION_DAYS,
    },
  };
}

/** Everything the server reads from its environment, resolved once at start: derived from the schema. */
export type Config = ReturnType<typeof shape>;
export type HttpLimitsConfig = Config['httpLimits'];
export type LoginThrottleConfig = Config['loginThrottle'];
export type RealtimeConfig = Config['realtime'];
export type ViewersConfig = Config['viewers'];
export type WebhooksConfig = Config['webhooks'];
export type AnalyticsConfig = Config['analytics'];
export type SubtitlesConfig = Config['subtitles'];
export type WebRtcConfig = Config['webrtc'];
export type IntegrationsConfig = Config['integrations'];
export type StorageConfig = Config['storage'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return shape(parseEnv(env));
}
