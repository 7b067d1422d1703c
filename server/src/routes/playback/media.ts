import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { meterVodSegment } from '../../billing/segments.ts';
import { markVideoMediaFetched } from '../../db/repositories/analytics.ts';
import { findLivePlaybackRules, findVideoToPlay } from '../../db/repositories/playback.ts';
import { Uuid } from '../../http/schemas.ts';
import { LATENCY_PROFILES, viewerKey } from '../../media/live-viewer.ts';
import { checkMediaMark } from '../../media/playback-session.ts';
import { videoPrefix } from '../../media/storage.ts';
import { sendStored } from '../../media/stored-files.ts';
import { FILES } from '../videos/public.ts';
import { geoCheck, MEDIA_EXPOSED, pageAllowed, playerCors, playerPreflight, refuse } from './rules.ts';
import { PlaybackError } from './schemas.ts';

/** Segments never change once written: a CDN keeps them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const LIVE_FILE = /^(?:master\.m3u8|(src|low|audio)\/(index\.m3u8|seg_\d{5,9}\.ts))$/;
const Token = Type.String({ maxLength: 80 });
/** A manifest URL's mark of one playback session (playback-session.ts `mediaMark`). */
const Mark = Type.Object({
  v: Type.Optional(
    Type.String({ maxLength: 64, description: "the manifest's mark of one playback session" }),
  ),
});

const response = {
  200: Type.Unknown({ description: 'the file' }),
  400: PlaybackError,
  403: PlaybackError,
  404: PlaybackError,
};

/**
 * Viewers' media behind playback tokens (docs/playback.md): the token in the path is bound to the live
 * or video; a missing, expired or other resource's token is a 403. Live playlists also re-apply the
 * live's geoblock on every request, so a viewer who moves (or a token passed on) is cut off.
 */
const playbackMediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A customer's own player on another origin reads these files too (docs/playback.md "Use your own
  // player"): its preflight (a GET with Range) is answered here, its requests by each route.
  const preflight = { config: { permission: 'public' as const }, schema: { tags: ['playback'], hide: true } };
  app.options('/play/vod/:videoId/:token/*', preflight, playerPreflight);
  app.options('/play/live/:liveId/:token/*', preflight, playerPreflight);

  app.get(
    '/play/vod/:videoId/:token/*',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['playback'],
        summary: "A file of a ready video's HLS, subtitles or images, through a playback token",
        params: Type.Object({ videoId: Uuid, token: Token }),
        querystring: Mark,
        response,
      },
    },
    async (request, reply) => {
      const videoId = request.params.videoId.toLowerCase();
      const file = (request.params as Record<string, string | undefined>)['*'] ?? '';
      // A video has no domain list: its files answer any page's player.
      playerCors(reply, request.headers.origin, MEDIA_EXPOSED);
      if (!app.playback.signer.verify('vod', videoId, request.params.token)) {
        return refuse(request, reply, 403, 'invalid_link');
      }
      const type = FILES.find(([pattern]) => pattern.test(file))?.[1];
      if (!type) return refuse(request, reply, 404, 'not_found');
      const video = await findVideoToPlay(app.db, videoId);
      if (video?.status !== 'ready') return refuse(request, reply, 404, 'not_found');
      const prefix = videoPrefix(video.account_id, videoId);
      // The view's player loads the video: from now on the view may like it (docs/analytics.md "Likes in
      // the player"). Its marked manifest is one viewer's: kept by no shared cache, so every view's
      // first fetch reaches the server.
      const marked =
        file === 'hls/master.m3u8' && request.query.v
          ? checkMediaMark(app.jwtKey, videoId, request.query.v)
          : null;
      if (marked) {
        await markVideoMediaFetched(app.db, { videoId, viewKey: marked, accountId: video.account_id });
      }
      // A VOD's files are rewritten only under new names (a new transcode or subtitle): all immutable.
      const sent = await sendStored(
        request,
        reply,
        app.media.storage,
        `${prefix}/${file}`,
        { type, cache: marked ? 'private, no-store' : IMMUTABLE },
        () => meterVodSegment(app, video.account_id, prefix, file, request.method),
      );
      if (!sent) return refuse(request, reply, 404, 'not_found');
      return reply;
    },
  );

  app.get(
    '/play/live/:liveId/:token/*',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['playback'],
        summary:
          "A file of a live's viewer HLS (master, rendition playlists, segments), through a playback token",
        params: Type.Object({ liveId: Uuid, token: Token }),
        querystring: Mark,
        response,
      },
    },
    async (request, reply) => {
      const liveId = request.params.liveId.toLowerCase();
      const file = (request.params as Record<string, string | undefined>)['*'] ?? '';
      reply.header('vary', 'Origin');
      if (!app.playback.signer.verify('live', liveId, request.params.token)) {
        return refuse(request, reply, 403, 'invalid_link');
      }
      const match = LIVE_FILE.exec(file);
      if (!match) return refuse(request, reply, 404, 'not_found');
      const playlist = file.endsWith('.m3u8');
      let accountId: string;
      let cache = IMMUTABLE;
      let segmentLength = 0;
      if (playlist) {
        const row = await findLivePlaybackRules(app.db, liveId);
        if (!row) return refuse(request, reply, 404, 'not_found');
        if (!(await geoCheck(app, request, row.security)).allowed)
          return refuse(request, reply, 403, 'geo_blocked');
        if (!pageAllowed(app, request, row.security.referrerWhitelist)) {
          return refuse(request, reply, 403, 'domain_not_allowed');
        }
        // Before 'Iniciar' an encoder may be rehearsing: its signal is the team's, never the viewers'.
        if (row.status === 'scheduled') return refuse(request, reply, 404, 'not_found');
        accountId = row.account_id;
        // About half a segment: a CDN absorbs the viewers' polling without holding the edge back.
        cache = `public, max-age=${Math.floor(LATENCY_PROFILES[row.latency].segmentSeconds / 2)}`;
      } else {
        const row = await findLivePlaybackRules(app.db, liveId);
        if (!row) return refuse(request, reply, 404, 'not_found');
        // A segment answers CORS only to the pages its playlists do (the same decision).
        if (!pageAllowed(app, request, row.security.referrerWhitelist)) {
          return refuse(request, reply, 403, 'domain_not_allowed');
        }
        accountId = row.account_id;
        // A live segment's nominal length: ffmpeg cuts on the profile's duration (docs/billing.md).
        segmentLength = LATENCY_PROFILES[row.latency].segmentSeconds;
      }
      playerCors(reply, request.headers.origin, MEDIA_EXPOSED);
      // Whole files: a live segment is short, and ffmpeg deletes old ones as the window slides. With a
      // bucket and a presigned/CDN delivery a segment is a redirect (playlists are always answered here).
      const key = `${viewerKey(accountId, liveId)}/${file}`;
      const url = playlist ? null : await app.media.live.deliveryUrl(key);
      const body = url ? null : await app.media.live.read(key);
      if (!url && !body) return refuse(request, reply, 404, 'not_found');
      // The session's player loads the live's media: it counts as a viewer from now on (docs/playback.md
      // "Audience bounds"). One viewer's manifest: kept by no shared cache.
      const marked =
        file === 'master.m3u8' && request.query.v
          ? checkMediaMark(app.jwtKey, liveId, request.query.v)
          : null;
      if (marked) {
        app.analytics.writer.markMedia({ sessionId: marked, liveId, accountId });
        cache = 'private, no-store';
      }
      if (segmentLength > 0 && request.method === 'GET') {
        // Delivered minutes: summed in memory and written every few seconds (billing/delivered-meter.ts).
        app.deliveredMeter.add(accountId, segmentLength);
      }
      if (url) return reply.header('cache-control', 'private, no-store').redirect(url, 302);
      return reply
        .type(playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t')
        .header('cache-control', cache)
        .send(body);
    },
  );
};

export default playbackMediaRoutes;
