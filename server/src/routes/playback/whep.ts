import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findLivePlaybackRules } from '../../db/repositories/playback.ts';
import { Uuid } from '../../http/schemas.ts';
import { MAX_OFFER_BYTES } from '../../http/sdp.ts';
import { ApiError } from '../../lib/errors.ts';
import type { MessageKey } from '../../lib/i18n.ts';
import { checkMediaMark } from '../../media/playback-session.ts';
import { liveRoom } from '../../media/whep-sessions.ts';
import { geoCheck, PLAYBACK_REASON_KEYS, pageAllowed, playerCors, refusal } from './rules.ts';
import type { PlaybackReason } from './schemas.ts';

/** A viewer past the live's WHEP bound is told to come back after this (its player plays HLS). */
const RETRY_AFTER_SECONDS = 30;

type WhepReason = PlaybackReason | 'webrtc_unavailable' | 'webrtc_full' | 'invalid_offer';

const KEYS: Record<WhepReason, MessageKey> = {
  ...PLAYBACK_REASON_KEYS,
  webrtc_unavailable: 'whepUnavailable',
  webrtc_full: 'whepFull',
  invalid_offer: 'whepInvalidOffer',
};

const WhepError = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    reason: Type.Optional(Type.Union(Object.keys(KEYS).map((k) => Type.Literal(k)))),
  },
  { description: 'Refused; `reason` says why, `message` in the language of Accept-Language or pt-BR' },
);

function refuse(request: FastifyRequest, reply: FastifyReply, status: number, reason: WhepReason) {
  return refusal(request, reply, status, reason, KEYS[reason]);
}

/**
 * Cross-site players (a WHEP client on a customer's page) may call these: the answer names the page's
 * origin when the live's authorized domains allow it (checked again by the POST), and exposes the
 * session's Location.
 */
function cors(reply: FastifyReply, origin: string | undefined): void {
  playerCors(reply, origin, 'Location, Retry-After');
}

const Token = Type.String({ maxLength: 80 });
const SessionId = Type.String({ pattern: '^[A-Za-z0-9_-]{22}$' });

/**
 * WHEP playback (docs/playback.md "WHEP"): a viewer's SDP offer for a live published over WHIP in the
 * ultra-low latency mode, behind the same playback token as its HLS and under the same rules
 * (token, geoblock, authorized domains; the manifest's mark counts the viewer), within a per-live
 * bound past which the player falls back to HLS.
 */
const whepRoutes: FastifyPluginAsyncTypebox = async (app) => {
  if (!app.hasContentTypeParser('application/sdp')) {
    app.addContentTypeParser(
      'application/sdp',
      { parseAs: 'string', bodyLimit: MAX_OFFER_BYTES },
      (_request, body, done) => done(null, body),
    );
  }

  const preflight = {
    config: { permission: 'public' as const },
    schema: { tags: ['playback'], hide: true },
  };
  const allowPreflight = (request: FastifyRequest, reply: FastifyReply, methods: string) => {
    cors(reply, request.headers.origin);
    return reply
      .code(204)
      .header('access-control-allow-methods', methods)
      .header('access-control-allow-headers', 'Content-Type')
      .header('access-control-max-age', '600')
      .send();
  };
  app.options('/whep/live/:liveId/:token', preflight, (request, reply) =>
    allowPreflight(request, reply, 'POST, OPTIONS'),
  );
  app.options('/whep/sessions/:sessionId', preflight, (request, reply) =>
    allowPreflight(request, reply, 'DELETE, OPTIONS'),
  );

  app.post(
    '/whep/live/:liveId/:token',
    {
      config: { permission: 'public' },
      bodyLimit: MAX_OFFER_BYTES,
      schema: {
        tags: ['playback'],
        summary: "A WHEP viewer's SDP offer for a live published over WHIP in ultra-low latency",
        params: Type.Object({ liveId: Uuid, token: Token }),
        querystring: Type.Object({
          v: Type.Optional(
            Type.String({ maxLength: 64, description: "the playback session's mark (counts the viewer)" }),
          ),
        }),
        response: {
          201: Type.String({ description: 'the SDP answer (application/sdp); Location ends it' }),
          400: WhepError,
          403: WhepError,
          404: WhepError,
          409: WhepError,
          415: WhepError,
          429: WhepError,
          503: WhepError,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const origin = request.headers.origin;
      const liveId = request.params.liveId.toLowerCase();
      const { token } = request.params;
      if (!app.playback.signer.verify('live', liveId, token)) {
        return refuse(request, reply, 403, 'invalid_link');
      }
      const row = await findLivePlaybackRules(app.db, liveId);
      if (!row) return refuse(request, reply, 404, 'not_found');
      if (!(await geoCheck(app, request, row.security)).allowed)
        return refuse(request, reply, 403, 'geo_blocked');
      // The page that calls: the embed, or a cross-site WHEP player (the same decision as HLS).
      if (!pageAllowed(app, request, row.security.referrerWhitelist)) {
        return refuse(request, reply, 403, 'domain_not_allowed');
      }
      cors(reply, origin);
      // Before 'Iniciar' a publisher may be rehearsing: its picture is the team's, never the viewers'.
      if (row.status === 'scheduled') return refuse(request, reply, 404, 'not_found');
      const source = app.whep.source;
      if (
        row.status !== 'live' ||
        row.latency !== 'ultraLow' ||
        !source ||
        !source.isPublished(liveRoom(liveId))
      ) {
        return refuse(request, reply, 409, 'webrtc_unavailable');
      }
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      const offer = typeof request.body === 'string' ? request.body : '';
      if (type !== 'application/sdp') return refuse(request, reply, 415, 'invalid_offer');
      if (!/^v=0\r?\n/.test(offer) || !/^m=video /m.test(offer))
        return refuse(request, reply, 400, 'invalid_offer');

      const admission = app.whep.sessions.admit({
        liveId,
        accountId: row.account_id,
        address: request.ip,
        expiresAt: Number(token.split('.')[0]) * 1000,
      });
      if (!admission.ok && admission.bound === 'live') {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return refuse(request, reply, 503, 'webrtc_full');
      }
      if (!admission.ok) {
        throw new ApiError(429, 'tooManyRequests', {
          params: { seconds: RETRY_AFTER_SECONDS },
          headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
        });
      }
      let subscription: Awaited<ReturnType<typeof source.subscribe>>;
      try {
        subscription = await source.subscribe(liveRoom(liveId), offer);
      } catch (error) {
        await app.whep.sessions.end(admission.id);
        const code = (error as { code?: unknown }).code;
        // The offer has nothing the forwarder can send (no H.264/VP8 video, not parsable).
        if (code === 'bad-offer') return refuse(request, reply, 400, 'invalid_offer');
        // The publisher left meanwhile.
        if (code === 'no-publisher' || !source.isPublished(liveRoom(liveId))) {
          return refuse(request, reply, 409, 'webrtc_unavailable');
        }
        // The server's WebRTC is stopping or failed: the player plays HLS.
        request.log.warn({ err: error }, 'whep: offer not answered');
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return refuse(request, reply, 503, 'webrtc_unavailable');
      }
      if (!app.whep.sessions.attach(admission.id, subscription)) {
        return refuse(request, reply, 409, 'webrtc_unavailable');
      }
      // The session's player receives the live's media: it counts as a viewer (as the HLS manifest's
      // first fetch makes it).
      const marked = request.query.v ? checkMediaMark(app.jwtKey, liveId, request.query.v) : null;
      if (marked) app.analytics.writer.markMedia({ sessionId: marked, liveId, accountId: row.account_id });
      return reply
        .code(201)
        .type('application/sdp')
        .header('location', `/whep/sessions/${admission.id}`)
        .send(subscription.answer);
    },
  );

  app.delete(
    '/whep/sessions/:sessionId',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['playback'],
        summary: "Ends a WHEP viewer's session (its unguessable Location is the key)",
        params: Type.Object({ sessionId: SessionId }),
        response: { 200: Type.Unknown({ description: 'ended (no body)' }), 404: WhepError },
      },
    },
    async (request, reply) => {
      cors(reply, request.headers.origin);
      if (!(await app.whep.sessions.end(request.params.sessionId))) {
        return refuse(request, reply, 404, 'not_found');
      }
      return reply.code(200).send();
    },
  );

  // Trickle ICE and ICE restarts (PATCH on a session) are not offered: 405 with Allow, as the WHEP
  // draft asks of a server without them (RFC 9725 §4.3.1 for WHIP), so a client keeps its full offer.
  // Answered for any path under /whep/sessions, so it is no route of its own (as WHIP's PATCH).
  await app.register(
    async (sessions) => {
      sessions.addContentTypeParser(
        '*',
        { parseAs: 'string', bodyLimit: MAX_OFFER_BYTES },
        (_r, body, done) => done(null, body),
      );
      sessions.setNotFoundHandler(async (request, reply) => {
        cors(reply, request.headers.origin);
        if (request.method === 'PATCH')
          throw new ApiError(405, 'methodNotAllowed', { headers: { allow: 'DELETE, OPTIONS' } });
        throw new ApiError(404, 'notFound');
      });
    },
    { prefix: '/whep/sessions' },
  );
};

export default whepRoutes;
