import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ownerOf } from '../../db/repositories/viewers.ts';
import { BeaconBody, MAX_BEACON_BYTES } from '../../http/beacons.ts';
import { errors } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { ViewerCounter } from '../../media/viewer-counts.ts';
import { checkViewerSession, sessionKey, viewKey } from '../../media/viewer-session-check.ts';
import likeRoutes from './likes.ts';

/** The player's device, system and browser, read once per view: bowser is loaded at the first view
 * (docs/server.md "Memory"). */
async function userAgentOf(request: FastifyRequest) {
  const ua = request.headers['user-agent'];
  if (!ua) return { device: null, os: null, browser: null, browser_version: null };
  const { default: Bowser } = await import('bowser');
  const parsed = Bowser.parse(ua.slice(0, 512));
  return {
    device: parsed.platform.type ?? null,
    os: parsed.os.name ?? null,
    browser: parsed.browser.name ?? null,
    browser_version: parsed.browser.version ?? null,
  };
}

/** How long an instance believes a live or video still exists and belongs to its account. */
const OWNER_TTL_MS = 10_000;
const OWNER_MAX = 10_000;

/**
 * `ownerOf` remembered per live or video for OWNER_TTL_MS: every viewer of a live posts every few
 * seconds, and this read was the one database round trip of a post (docs/analytics.md "Beyond one
 * database"). Only a found owner is kept (an unknown id is asked every time). A live deleted meanwhile
 * takes its viewers' beacons on this instance for at most that long; its figures outlive it anyway (the
 * analytics tables have no foreign key to it).
 */
function cachedOwner(db: Parameters<typeof ownerOf>[0]) {
  const known = new Map<string, { accountId: string; until: number }>();
  return async (kind: 'live' | 'vod', id: string): Promise<string | null> => {
    const key = `${kind}:${id}`;
    const now = Date.now();
    const held = known.get(key);
    if (held && held.until > now) return held.accountId;
    const accountId = await ownerOf(db, kind, id);
    known.delete(key);
    if (accountId) {
      if (known.size >= OWNER_MAX) known.delete(known.keys().next().value!);
      known.set(key, { accountId, until: now + OWNER_TTL_MS });
    }
    return accountId;
  };
}

/**
 * `POST /v1/public/beacons`: player telemetry (docs/playback.md "Beacons"). Public:
 * the signed playback session in the body is the credential. JSON or text/plain (what sendBeacon
 * sends), at most 16 KiB and 20 events, rate-limited per session; the analytics writer batches them
 * (docs/analytics.md "Pipeline").
 */
const beaconRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const owner = cachedOwner(app.db);
  const counter = new ViewerCounter(app);
  counter.start();
  app.addHook('onClose', async () => counter.stop());

  // sendBeacon posts a string as text/plain: in this scope that text is the same JSON.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(typeof body === 'string' ? body : body.toString('utf8')));
    } catch {
      done(new ApiError(400, 'beaconBodyInvalid'), undefined);
    }
  });

  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    // A session per key; the memory store is per instance (docs/playback.md).
    keyGenerator: (request) => sessionKey((request.body as { sessionId: string }).sessionId),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'tooManyRequests', {
        params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }),
  });

  // The VOD player's like button: the same session credential and per-session rate limit.
  await app.register(likeRoutes);

  app.post(
    '/v1/public/beacons',
    {
      bodyLimit: MAX_BEACON_BYTES,
      // No request lines: every viewer posts every 10 s, and the two lines at info cost a post about a
      // third more CPU (0.27 instead of 0.20 ms). The answers are counted in /metrics; warnings and
      // errors are still logged (docs/server.md "Logging").
      logLevel: 'warn',
      config: {
        permission: 'public',
        rateLimit: { max: app.config.viewers.beaconsPerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags: ['playback'],
        summary: 'Player telemetry (QoE beacons)',
        description:
          'Body {sessionId, events: [{type, at, ...}]} as JSON or text/plain; at most 20 events and 16 KiB. 403: the session is not valid, or it has posted its BEACON_EVENTS_PER_SESSION_TOTAL events. 429: more than BEACONS_PER_MINUTE posts of one session in a minute, or past the events bounds of the session or of the client address (docs/playback.md "Audience bounds").',
        body: BeaconBody,
        response: { 204: { type: 'null', description: 'Stored' }, ...errors(400, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const arrived = Date.now();
      // Read once: with TRUST_PROXY, fastify works the address out of X-Forwarded-For on every read.
      const ip = request.ip;
      const { sessionId, events } = request.body;
      const session = checkViewerSession(app.jwtKey, sessionId);
      if (!session) throw new ApiError(403, 'viewerSessionInvalid');
      // The live or video may have gone since the session was issued.
      const accountId = await owner(session.kind, session.id);
      if (!accountId || accountId !== session.accountId) throw new ApiError(403, 'viewerSessionInvalid');
      // A renewed session carries its view's key: the view stays one view across renewals.
      const key = viewKey(sessionId, session);
      // Events are bounded per session (a rate and a total) and per client address (docs/playback.md
      // "Audience bounds"): a player's telemetry passes, a flood is refused before anything is written,
      // and a refused post takes nothing from any bucket.
      const { eventsPerSession, eventsPerAddress, eventsTotalPerSession } = app.playback.bounds;
      const count = events.length;
      if (eventsTotalPerSession.wait(key, count) > 0) throw new ApiError(403, 'beaconSessionSpent');
      const wait = eventsPerSession.wait(key, count) || eventsPerAddress.wait(ip, count);
      if (wait > 0) {
        const seconds = Number.isFinite(wait) ? wait : 60;
        throw new ApiError(429, 'tooManyRequests', {
          params: { seconds },
          headers: { 'retry-after': String(seconds) },
        });
      }
      eventsPerSession.take(key, count);
      eventsPerAddress.take(ip, count);
      eventsTotalPerSession.take(key, count);
      await app.analytics.writer.record({
        receivedAt: arrived,
        sessionKey: key,
        kind: session.kind,
        subjectId: session.id,
        accountId,
        viewerId: session.viewerId,
        events,
        // Looked up once per view (docs/analytics.md "Enrichment"); never stored: no address is kept.
        dims: async () => {
          const [place, agent] = await Promise.all([
            app.analytics.geo.lookupWhenReady(ip),
            userAgentOf(request),
          ]);
          return {
            ...agent,
            // The session's country is the geoblock's (a trusted CDN header wins there too).
            country: session.country ?? place.country,
            state: place.state,
            city: place.city,
            asn: place.asn,
            provider: place.provider,
          };
        },
      });
      return reply.code(204).send(null);
    },
  );
};

export default beaconRoutes;
