import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findStreamEmbedDomains } from '../../db/repositories/streams.ts';
import {
  ATTENDEE,
  embedPolicy,
  frameAncestors,
  navigationOrigin,
  RENDERED_ID,
  scriptJson,
  withAnswer,
} from '../../plugins/embed-pages.ts';
import { liveAnswer, type PlaybackAnswer, videoAnswer } from './info.ts';
import { PlaybackInfo } from './schemas.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The endpoint's 200 schema: the page carries the very JSON the endpoint would send. */
const SERIALIZED = PlaybackInfo as unknown as Record<string, unknown>;

/**
 * `/embed/{liveId}` and `/embed/vod/{videoId}` answer the player page (embed.html), never the console's
 * index.html. The live's page may only be framed by its authorized domains; the playback endpoint
 * refuses other origins too, this keeps a refused site from even showing the frame.
 */
export function registerEmbedPages(app: FastifyInstance): void {
  const root = app.config.staticDir;
  // Served with the built console only (its static files give reply.sendFile).
  if (!existsSync(join(root, 'index.html')) || !existsSync(join(root, 'embed.html'))) return;
  const policies = new WeakMap<FastifyRequest, string>();
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // Runs after the global security headers (route hooks come last): the console's policy forbids
    // every frame, the player's is made to be framed.
    reply.header('content-security-policy', embedPolicy(policies.get(request) ?? '*'));
    reply.removeHeader('x-frame-options');
    return payload;
  };
  /**
   * The playback answer the page would get, when the server can tell the page's origin and the answer
   * is not a refusal (a refused page asks, and shows the endpoint's reason as before); null otherwise,
   * also when the endpoint would have answered 429 or failed.
   */
  const answerFor = async (request: FastifyRequest, target: { kind: 'live' | 'vod'; id: string }) => {
    const navigation = navigationOrigin(request.headers);
    if (!navigation || !UUID.test(target.id)) return null;
    const given = (request.query as { attendee?: unknown } | undefined)?.attendee;
    const attendee = typeof given === 'string' && ATTENDEE.test(given) ? given : undefined;
    const ask = {
      ...(navigation.origin ? { origin: navigation.origin } : {}),
      ...(attendee ? { attendee } : {}),
    };
    let answer: PlaybackAnswer;
    try {
      answer =
        target.kind === 'live'
          ? await liveAnswer(app, request, target.id, ask)
          : await videoAnswer(app, request, target.id, ask);
    } catch {
      return null;
    }
    if (!answer.ok) return null;
    return { origin: navigation.origin, attendee: attendee !== undefined, info: answer.info };
  };
  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    target: { kind: 'live' | 'vod'; id: string },
  ) => {
    // An unknown stream (or a VOD video, which has no domain rules) gets the page, which shows why
    // there is nothing to play.
    const liveId = target.kind === 'live' ? target.id : null;
    const domains = liveId && UUID.test(liveId) ? await findStreamEmbedDomains(app.db, liveId) : undefined;
    policies.set(request, frameAncestors(domains ?? []));
    const rendered = await answerFor(request, target);
    if (!rendered) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('embed.html');
    }
    // The answer is this viewer's (its session, its token): never kept by a proxy, a CDN or the
    // browser's cache (the service worker leaves /embed/ to the network).
    reply.header('cache-control', 'private, no-store');
    const html = await readFile(join(root, 'embed.html'), 'utf8');
    const info = reply.compileSerializationSchema(SERIALIZED)(rendered.info);
    const json = `{"origin":${JSON.stringify(rendered.origin)},"attendee":${rendered.attendee},"info":${info}}`;
    const tag = `<script type="application/json" id="${RENDERED_ID}">${scriptJson(json)}</script>`;
    return reply.type('text/html; charset=utf-8').send(withAnswer(html, tag, rendered.info));
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
    (request, reply) => page(request, reply, { kind: 'live', id: request.params.liveId }),
  );
  app.get<{ Params: { videoId: string } }>(
    '/embed/vod/:videoId',
    {
      config: { permission: 'public' },
      schema: { hide: true, params: Type.Object({ videoId: Id }) },
      onSend,
    },
    (request, reply) => page(request, reply, { kind: 'vod', id: request.params.videoId }),
  );
}
