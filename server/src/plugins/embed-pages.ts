import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findStreamEmbedDomains } from '../db/repositories/streams.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The player page's policy. Unlike the console's, it may be framed (by the live's authorized domains),
 * and it reaches other hosts: a VAST ad server, the ad's media file and its tracking pixels, banners.
 * It still runs only its own scripts. (shaka's text display starts from a `data:` WebVTT.)
 */
export function embedPolicy(frameAncestors: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    'img-src * data: blob:',
    "connect-src 'self' * ws: wss:",
    "media-src 'self' * blob: data:",
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'self'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * `frame-ancestors` for an authorized-domain list as the API stores it (lower-case host names, `*.`
 * for every subdomain, no port): each host on any port and scheme; an empty list lets anyone embed.
 */
export function frameAncestors(domains: readonly string[]): string {
  if (domains.length === 0) return '*';
  return ["'self'", ...domains.map((domain) => `${domain}:*`)].join(' ');
}

/**
 * `/embed/{liveId}` and `/embed/vod/{videoId}` answer the player page (embed.html), never the console's
 * index.html. The live's page may only be framed by its authorized domains; the playback endpoint
 * refuses other origins too, this keeps a refused site from even showing the frame.
 */
export function registerEmbedPages(app: FastifyInstance): void {
  const policies = new WeakMap<FastifyRequest, string>();
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // Runs after the global security headers (route hooks come last): the console's policy forbids
    // every frame, the player's is made to be framed.
    reply.header('content-security-policy', embedPolicy(policies.get(request) ?? '*'));
    reply.removeHeader('x-frame-options');
    return payload;
  };
  const page = async (request: FastifyRequest, reply: FastifyReply, liveId: string | null) => {
    // An unknown stream (or a VOD video, which has no domain rules) gets the page, which shows why
    // there is nothing to play.
    const domains = liveId && UUID.test(liveId) ? await findStreamEmbedDomains(app.db, liveId) : undefined;
    policies.set(request, frameAncestors(domains ?? []));
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('embed.html');
  };
  const Id = Type.String({ minLength: 1, maxLength: 100 });

  app.get<{ Params: { liveId: string } }>(
    '/embed/:liveId',
    {
      config: { permission: 'public' },
      schema: {
        hide: true,
        params: Type.Object({ liveId: Id }),
        // Declared so that the log redaction's route walk sees this secret (lib/log-redaction.ts).
        querystring: Type.Object({
          attendee: Type.Optional(
            Type.String({ maxLength: 2000, description: "a classroom attendee's token" }),
          ),
        }),
      },
      onSend,
    },
    (request, reply) => page(request, reply, request.params.liveId),
  );
  app.get<{ Params: { videoId: string } }>(
    '/embed/vod/:videoId',
    {
      config: { permission: 'public' },
      schema: { hide: true, params: Type.Object({ videoId: Id }) },
      onSend,
    },
    (request, reply) => page(request, reply, null),
  );
}
