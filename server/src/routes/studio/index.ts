import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { findStudioLive, moveGuest } from '../../db/repositories/studio.ts';
import { errors, Nullable, Uuid } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { Guest, guestView } from '../streams/studio.ts';
import { guestOf, liveOfGuestLink, studioLook } from './guests.ts';

const Look = Type.Object({
  liveId: Type.String(),
  title: Type.String(),
  status: Type.String(),
  studioColor: Type.String(),
  waitingRoomColor: Type.String(),
  background: Nullable(Type.String({ description: "The studio's background image" })),
  chat: Type.Boolean(),
});

const GuestParams = Type.Object({ guestId: Uuid });

/**
 * The studio guest's own calls (docs/studio.md "Studio page and guests"): public routes, each proving a
 * guest link token or the guest's session secret (from POST /v1/studio/lives/participantes with `guestToken`).
 */
const studioGuestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['studio'];

  app.get(
    '/v1/studio/lives/:liveId/guest-link',
    {
      config: { permission: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          "What a guest link opens: the live's title and studio look (404 for a bad, expired or revoked link)",
        params: Type.Object({ liveId: Uuid }),
        querystring: Type.Object({ t: Type.String({ minLength: 1, maxLength: 1000 }) }),
        response: { 200: Look, ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const { live } = await liveOfGuestLink(app, request.params.liveId.toLowerCase(), request.query.t);
      reply.header('cache-control', 'no-store');
      return studioLook(live);
    },
  );

  app.get(
    '/v1/studio/guests/:guestId',
    {
      config: { permission: 'public', rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          "A guest's own state (waiting, admitted, removed) and the studio look; polled by the guest page",
        description:
          'Authorization: Bearer <the guest session secret>. Each call also tells that the guest is still there.',
        params: GuestParams,
        response: { 200: Type.Object({ guest: Guest, look: Look }), ...errors(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const guest = await guestOf(app, request, request.params.guestId);
      const live = await findStudioLive(app.db, guest.live_id);
      if (!live) throw new ApiError(404, 'guestNotFound');
      reply.header('cache-control', 'no-store');
      return { guest: guestView(guest), look: studioLook(live) };
    },
  );

  app.delete(
    '/v1/studio/guests/:guestId',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'The guest leaves (the waiting room or the stage)',
        description: 'Authorization: Bearer <the guest session secret>.',
        params: GuestParams,
        response: { 204: Type.Null(), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const guest = await guestOf(app, request, request.params.guestId);
      await moveGuest(app.db, guest.live_id, guest.id, ['waiting', 'admitted'], 'removed');
      return reply.code(204).send(null);
    },
  );
};

export default studioGuestRoutes;
