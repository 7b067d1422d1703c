import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { errors } from '../../http/schemas.ts';
import { MAX_OFFER_BYTES } from '../../http/sdp.ts';
import { ApiError } from '../../lib/errors.ts';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-expose-headers': 'location',
  'access-control-max-age': '600',
};

const SessionParams = Type.Object({
  sessionId: Type.String({ format: 'uuid', description: 'The session id of the Location' }),
});

/** The signal key of `Authorization: Bearer <key>`, or null. */
function bearerKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S{1,200})\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

function unauthorized(): ApiError {
  return new ApiError(401, 'whipKeyInvalid', { headers: { 'www-authenticate': 'Bearer' } });
}

/**
 * WHIP (RFC 9725, docs/studio.md "WHIP ingest"): `POST /whip` with an SDP offer and the signal key as
 * Bearer token publishes to that signal, as an RTMP encoder would; `DELETE /whip/{sessionId}` (the
 * answer's Location) ends it. Public: the signal key is the credential. CORS is open (the browser
 * studio publishes from its own page; no cookie is read). Registered under the prefix `/whip`.
 */
const whipRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Bodies here are text (an SDP offer; a trickle fragment, refused); the offer's type is checked by
  // its route, so a wrong one is refused in the client's language.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_OFFER_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(CORS);
  });

  await app.register(rateLimit, {
    global: false,
    hook: 'onRequest',
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'tooManyRequests', {
        params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }),
  });

  const preflight = async (_request: FastifyRequest, reply: FastifyReply) => reply.code(204).send();
  const preflightSchema = {
    tags: ['whip'],
    summary: 'CORS preflight of the WHIP endpoint',
    response: { 204: { type: 'null', description: 'Allowed' }, ...errors(400, 500) },
  };
  app.options(
    '/',
    { config: { permission: 'public' }, schema: preflightSchema, prefixTrailingSlash: 'no-slash' },
    preflight,
  );
  app.options(
    '/:sessionId',
    { config: { permission: 'public' }, schema: { ...preflightSchema, params: SessionParams } },
    preflight,
  );

  app.post(
    '/',
    {
      prefixTrailingSlash: 'no-slash',
      bodyLimit: MAX_OFFER_BYTES,
      config: {
        permission: 'public',
        rateLimit: { max: app.config.whip.perAddressPerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags: ['whip'],
        summary: 'Publish to a signal over WebRTC (WHIP)',
        description:
          'Body: an SDP offer (`Content-Type: application/sdp`, at most 64 KiB) with Opus audio and H.264 or VP8 video; `Authorization: Bearer <signal key>`. 201: the SDP answer (all candidates, no trickle) and `Location: /whip/{sessionId}`. 401: not a signal key; 403: its stream takes no publish now (ended, or its team is blocked); 409: the signal is already published (over RTMP or WHIP); 400: no usable media; 429: more than WHIP_PER_ADDRESS_PER_MINUTE offers of the address in a minute; 503: no RTMP ingest on this server, or WHIP_MAX_PUBLISHES reached.',
        response: {
          201: Type.String({ description: 'The SDP answer (application/sdp)' }),
          ...errors(400, 401, 403, 409, 413, 415, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/sdp') throw new ApiError(415, 'whipContentType');
      const key = bearerKey(request);
      if (!key) throw unauthorized();
      const offer = typeof request.body === 'string' ? request.body : '';
      if (offer.trim() === '') throw new ApiError(400, 'whipOfferInvalid');
      const { sessionId, answerSdp } = await app.whip.publish(key, offer);
      return reply
        .code(201)
        .header('content-type', 'application/sdp')
        .header('location', `/whip/${sessionId}`)
        .send(answerSdp);
    },
  );

  app.delete(
    '/:sessionId',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['whip'],
        summary: 'End a WHIP publish',
        description:
          'The Location of the publish; `Authorization: Bearer <signal key>` of the same signal. 200 once the publish is over (the signal is off the air).',
        params: SessionParams,
        response: { 200: { type: 'null', description: 'Ended' }, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const key = bearerKey(request);
      if (!key) throw unauthorized();
      const outcome = await app.whip.delete(request.params.sessionId, key);
      if (outcome === 'not-found') throw new ApiError(404, 'whipSessionNotFound');
      if (outcome === 'forbidden') throw unauthorized();
      return reply.code(200).send(null);
    },
  );

  // Trickle ICE and ICE restarts (PATCH) are not offered: 405, as RFC 9725 §4.3.1 asks. Answered for
  // any path of this scope, so it is no route of its own.
  app.setNotFoundHandler(async (request) => {
    if (request.method === 'PATCH')
      throw new ApiError(405, 'methodNotAllowed', { headers: { allow: 'POST, DELETE, OPTIONS' } });
    throw new ApiError(404, 'notFound');
  });
};

export default whipRoutes;
