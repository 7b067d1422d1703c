import { randomBytes } from 'node:crypto';
import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { participantByChatToken } from '../../db/repositories/classroom.ts';
import { activeOverlays } from '../../db/repositories/overlays.ts';
import { findStreamById } from '../../db/repositories/streams.ts';
import { findPreset } from '../../db/repositories/streams-preset.ts';
import { listSubtitles } from '../../db/repositories/video-subtitles.ts';
import { findVideo } from '../../db/repositories/videos.ts';
import { recentRead, VIEWER_READ_MAX_AGE_MS } from '../../db/shared-read.ts';
import { Uuid } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { langOf } from '../../lib/i18n.ts';
import { DVR_WINDOW_SECONDS, LATENCY_PROFILES, viewerKey } from '../../media/live-viewer.ts';
import {
  attendeeViewerId,
  browserViewerId,
  issueViewerSession,
  mediaMark,
  newViewerId,
  verifyViewerSession,
} from '../../media/playback-session.ts';
import { PLAYBACK_TTL_SECONDS, type PlaybackKind } from '../../media/playback-tokens.ts';
import { sessionKey, viewKey } from '../../media/viewer-session-check.ts';
import { liveRoom } from '../../media/whep-sessions.ts';
import { hashChatToken } from '../classroom/validate.ts';
import { DEFAULT_SETTINGS } from '../streams/validate.ts';
import { imageUrl } from '../streams/view.ts';
import { domainAllows, geoCheck, pageAllowed, playerCors, playerPreflight, refuse } from './rules.ts';
import { PlaybackError, PlaybackInfo, PlaybackQuery, type PlaybackReason } from './schemas.ts';

/** What a player asks with (the endpoint's query; the embed page's own request, docs/playback.md
 * "Startup time: the answer in the page"). */
export type PlaybackAsk = Static<typeof PlaybackQuery>;
/** The playback answer, or the refusal the endpoint would send (its status and reason). */
export type PlaybackAnswer =
  | { ok: true; info: Static<typeof PlaybackInfo> }
  | { ok: false; status: 403 | 404; reason: PlaybackReason };

/** `rgba(r, g, b, a)` or `#rgb`/`#rrggbb` as stored → `#rrggbb` (the player's controls). */
export function hexColor(value: string): string {
  const rgba = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/i.exec(value.trim());
  if (rgba) {
    return `#${[rgba[1], rgba[2], rgba[3]].map((c) => Math.min(255, Number(c)).toString(16).padStart(2, '0')).join('')}`;
  }
  const hex = /^#?([0-9a-f]{6}|[0-9a-f]{3})/i.exec(value.trim());
  if (!hex) return '#5a32c8';
  const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!.slice(0, 6);
  return `#${digits.toLowerCase()}`;
}

/** The viewer session of this answer: a renewal keeps the viewer's ID; a classroom attendee has their own. */
function viewerSession(
  app: FastifyInstance,
  ask: PlaybackAsk,
  session: { kind: PlaybackKind; id: string; accountId: string; country: string | null; exp: number },
  attendeeId: string | null = null,
) {
  const given = ask.sessionId;
  const previous = given ? verifyViewerSession(given, app.jwtKey) : null;
  const renewal = given && previous && previous.kind === session.kind && previous.id === session.id;
  const viewerId = renewal ? previous.viewerId : (attendeeId ?? newViewerId());
  // A renewal continues its view: the new session carries the view's key (its first session's). A
  // player starting again after a failure or an end keeps its viewer but opens a view of its own (a
  // fresh key: the same expiry step would otherwise give back the very session of the closed view).
  const view = renewal
    ? ask.newView
      ? randomBytes(16).toString('hex')
      : viewKey(given, previous)
    : undefined;
  const sessionId = issueViewerSession({ ...session, viewerId, ...(view ? { view } : {}) }, app.jwtKey);
  return {
    viewerId,
    sessionId,
    /** The view's key (the manifest mark names it). */
    view: view ?? sessionKey(sessionId),
    expiresAt: new Date(session.exp * 1000).toISOString(),
  };
}

function languageLabel(tag: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

const common = {
  config: { permission: 'public' as const },
  schema: {
    tags: ['playback'],
    querystring: PlaybackQuery,
    response: {
      200: PlaybackInfo,
      400: PlaybackError,
      403: PlaybackError,
      404: PlaybackError,
      429: PlaybackError,
    },
  },
};

/**
 * Playback sessions one client address may be issued (a burst, then a rate): 429 with Retry-After
 * past it. Sized for hundreds of viewers behind one address (docs/playback.md "Audience bounds").
 * A renewal (the player sends its valid session of this live or video: a poll while it waits or plays,
 * the renewal before its token expires) continues a viewer already paid for, keeps its viewer ID and
 * takes no token: hundreds of players behind one address renewing together are never refused (a
 * refused renewal stops the player).
 */
function boundSessions(
  app: FastifyInstance,
  request: FastifyRequest,
  ask: PlaybackAsk,
  resource: { kind: PlaybackKind; id: string },
): void {
  const previous = ask.sessionId ? verifyViewerSession(ask.sessionId, app.jwtKey) : null;
  if (previous && previous.kind === resource.kind && previous.id === resource.id) return;
  const wait = app.playback.bounds.sessionsPerAddress.take(request.ip);
  if (wait === 0) return;
  throw new ApiError(429, 'tooManyRequests', {
    params: { seconds: wait },
    headers: { 'retry-after': String(wait) },
  });
}

/**
 * A live's playback answer for `ask`, after its rules (docs/playback.md "Rules"), or the refusal: what
 * the endpoint answers, and what the embed page carries when the server can tell the page's origin
 * (docs/playback.md "Startup time: the answer in the page"). The same side effects either way: a session
 * taken from the address's bound (429 thrown past it), a viewer session issued.
 */
export async function liveAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  ask: PlaybackAsk,
): Promise<PlaybackAnswer> {
  const liveId = id.toLowerCase();
  boundSessions(app, request, ask, { kind: 'live', id: liveId });
  // Every viewer joining a live reads its row and its overlays: each answer is kept a second, and a
  // change made on this instance is read at once (db/shared-read.ts). The answers are never changed.
  const row = await recentRead(app.db, `live:${liveId}`, VIEWER_READ_MAX_AGE_MS, () =>
    findStreamById(app.db, liveId),
  );
  if (!row) return { ok: false, status: 404, reason: 'not_found' };
  const geo = await geoCheck(app, request, row.security);
  if (!geo.allowed) return { ok: false, status: 403, reason: 'geo_blocked' };
  // Two pages may ask: the embed names the page it is embedded in (`origin`); a customer's own
  // player calls from its page, which the browser names in Origin (docs/playback.md "Use your own
  // player"). Both must be allowed.
  const list = row.security.referrerWhitelist;
  if (!domainAllows(list, ask.origin, app.config.publicUrl) || !pageAllowed(app, request, list)) {
    return { ok: false, status: 403, reason: 'domain_not_allowed' };
  }
  const { token, exp } = app.playback.signer.issue('live', liveId);
  const onAir =
    row.status === 'live' &&
    (await app.media.live.exists(`${viewerKey(row.account_id, liveId)}/master.m3u8`));
  const profile = LATENCY_PROFILES[row.latency];
  // A classroom attendee's player names their registration: their viewer ID is their own. Only a
  // browser that proved the e-mail gets the e-mail's ID (the anti-piracy mark and the support key);
  // one that did not gets an ID of its own token (docs/classroom.md "Registering an e-mail again").
  const attendeeHash = ask.attendee ? hashChatToken(ask.attendee) : null;
  const attendee = attendeeHash ? await participantByChatToken(app.db, liveId, attendeeHash) : undefined;
  const session = viewerSession(
    app,
    ask,
    { kind: 'live', id: liveId, accountId: row.account_id, country: geo.country, exp },
    attendee && attendeeHash
      ? attendee.proven
        ? attendeeViewerId(app.jwtKey, liveId, attendee.email)
        : browserViewerId(app.jwtKey, liveId, attendeeHash)
      : null,
  );
  // The manifest URL names this session: its first fetch makes the session a counted viewer.
  const { view, ...viewer } = session;
  const mark = mediaMark(app.jwtKey, liveId, view);
  const banner = (kind: 'thumbnail' | 'startSoonScreen' | 'pauseScreen' | 'endingScreen') =>
    imageUrl(row.account_id, liveId, kind, row.banners[kind]);
  const info = {
    kind: 'live' as const,
    id: liveId,
    accountId: row.account_id,
    title: row.nome,
    status: row.status,
    scheduledStartTime: row.scheduled_start_time.toISOString(),
    playerColor: hexColor(row.player_color),
    latency: row.latency,
    latencyTargets: {
      segmentSeconds: profile.segmentSeconds,
      liveDelaySeconds: profile.liveDelaySeconds,
      lowLatencyMode: profile.lowLatencyMode,
    },
    dvr: {
      enabled: row.transcode.enableDvr,
      windowSeconds: row.transcode.enableDvr ? DVR_WINDOW_SECONDS : 0,
    },
    audioOnly: row.transcode.enableAudioOnly,
    banners: {
      thumbnail: banner('thumbnail'),
      startSoonScreen: banner('startSoonScreen'),
      pauseScreen: banner('pauseScreen'),
      endingScreen: banner('endingScreen'),
    },
    manifestUrl: onAir ? `/play/live/${liveId}/${token}/master.m3u8?v=${mark}` : null,
    manifestType: onAir ? ('hls' as const) : null,
    // WHEP needs no packaging: offered as soon as the live is on and its WHIP publish is up, before
    // the viewers' HLS (its fallback) has its first segments.
    whepUrl:
      row.status === 'live' && row.latency === 'ultraLow' && app.whep.source?.isPublished(liveRoom(liveId))
        ? `/whep/live/${liveId}/${token}?v=${mark}`
        : null,
    recordingVideoId:
      row.status === 'finished' && row.recording_status === 'ready' ? row.recording_video_id : null,
    subtitles: [],
    ads: row.ads,
    analyticsMeasurementId: row.analytics_measurement_id,
    ...viewer,
    overlays: await recentRead(app.db, `live-overlays:${liveId}`, VIEWER_READ_MAX_AGE_MS, () =>
      activeOverlays(app.db, liveId),
    ),
    channelUrl: `/v1/public/lives/${liveId}/channel`,
    beaconUrl: '/v1/public/beacons',
    likeUrl: null,
  };
  return { ok: true, info };
}

/** A ready video's playback answer for `ask`, or its refusal (no geoblock, no domain list: "VOD"). */
export async function videoAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  ask: PlaybackAsk,
): Promise<PlaybackAnswer> {
  const videoId = id.toLowerCase();
  boundSessions(app, request, ask, { kind: 'vod', id: videoId });
  // A blocked account's stored videos keep playing (accounts.blocked limits uploads only).
  const video = await findVideo(app.db, videoId);
  if (video?.status !== 'ready') return { ok: false, status: 404, reason: 'not_found' };
  const { country } = await geoCheck(app, request, null);
  const ttl = PLAYBACK_TTL_SECONDS + Math.ceil(video.duration_seconds ?? 0);
  const { token, exp } = app.playback.signer.issue('vod', videoId, ttl);
  const url = (file: string | null) => (file ? `/play/vod/${videoId}/${token}/${file}` : null);
  const preset = await findPreset(app.db, video.account_id);
  const lang = langOf(request);
  const subtitles = await listSubtitles(app.db, videoId);
  const { view, ...viewer } = viewerSession(app, ask, {
    kind: 'vod',
    id: videoId,
    accountId: video.account_id,
    country,
    exp,
  });
  // The manifest URL names this view: its first fetch lets the view like the video (a like from a
  // player that never loaded media counts for nothing: docs/analytics.md "Likes in the player").
  const mark = mediaMark(app.jwtKey, videoId, view);
  const info = {
    kind: 'vod' as const,
    id: videoId,
    accountId: video.account_id,
    title: video.title,
    status: 'ready' as const,
    scheduledStartTime: null,
    playerColor: hexColor(preset?.settings.playerColor ?? DEFAULT_SETTINGS.playerColor),
    latency: null,
    latencyTargets: null,
    dvr: { enabled: false, windowSeconds: 0 },
    audioOnly: false,
    banners: {
      thumbnail: url(video.thumbnail_key),
      startSoonScreen: null,
      pauseScreen: null,
      endingScreen: url(video.end_screen_key),
    },
    manifestUrl: `${url('hls/master.m3u8')}?v=${mark}`,
    manifestType: 'hls' as const,
    whepUrl: null,
    recordingVideoId: null,
    subtitles: subtitles.map((s) => ({
      lang: s.language,
      label: languageLabel(s.language, lang),
      url: url(s.file_key)!,
    })),
    ads: { preRollVastUrl: null, postRollVastUrl: null },
    analyticsMeasurementId: null,
    ...viewer,
    overlays: [],
    channelUrl: null,
    beaconUrl: '/v1/public/beacons',
    likeUrl: `/v1/public/videos/${videoId}/likes`,
  };
  return { ok: true, info };
}

/** The public playback endpoints (docs/playback.md): rules first, then signed media URLs. */
const playbackInfoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const preflight = { config: { permission: 'public' as const }, schema: { tags: ['playback'], hide: true } };
  app.options('/v1/public/lives/:liveId/playback', preflight, playerPreflight);
  app.options('/v1/public/videos/:videoId/playback', preflight, playerPreflight);

  app.get(
    '/v1/public/lives/:liveId/playback',
    {
      ...common,
      schema: {
        ...common.schema,
        summary: "What a viewer's player needs to play a live, after the live's rules are applied",
        description:
          "Public; CORS: answered to a page whose origin the live's authorized domains allow (any page without a list), 403 `domain_not_allowed` elsewhere. Then give `manifestUrl` to the player; renew before `expiresAt` with `sessionId`.",
        params: Type.Object({ liveId: Uuid }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('vary', 'Origin');
      const answer = await liveAnswer(app, request, request.params.liveId, request.query);
      if (!answer.ok) return refuse(request, reply, answer.status, answer.reason);
      playerCors(reply, request.headers.origin, 'Retry-After');
      return answer.info;
    },
  );

  app.get(
    '/v1/public/videos/:videoId/playback',
    {
      ...common,
      schema: {
        ...common.schema,
        summary: "What a viewer's player needs to play a ready video (VOD has no geoblock or domain list)",
        description:
          'Public; CORS: answered to any page. Then give `manifestUrl` to the player; renew before `expiresAt` with `sessionId`.',
        params: Type.Object({ videoId: Uuid }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // A video has no domain list: any page's player may play it (docs/playback.md "Use your own player").
      playerCors(reply, request.headers.origin, 'Retry-After');
      const answer = await videoAnswer(app, request, request.params.videoId, request.query);
      if (!answer.ok) return refuse(request, reply, answer.status, answer.reason);
      return answer.info;
    },
  );
};

export default playbackInfoRoutes;
