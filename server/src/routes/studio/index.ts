import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { findGuest, findStudioLive, moveGuest } from '../../db/repositories/studio.ts';
import { errors, Nullable, Uuid } from '../../http/schemas.ts';
import { MAX_OFFER_BYTES } from '../../http/sdp.ts';
import { ApiError } from '../../lib/errors.ts';
import {
  closeOffStageGuestMedia,
  followGuestRemovals,
  followLostGuests,
  guestRoom,
  sendGuestsAway,
  studioSessions,
} from '../../media/studio-media.ts';
import { Guest, guestView } from '../streams/studio.ts';
import { guestOf, liveOfGuestLink, studioLook } from './guests.ts';
import { acceptSdp, sdpOffer } from './sdp.ts';

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
  acceptSdp(app);
  const media = () => studioSessions(app.webrtc);
  followGuestRemovals(app);
  followLostGuests(app);

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
      // `publishing`: the server's view of the guest's camera, which the page publishes again when it
      // is gone (docs/studio.md "Lost guests").
      const publishing =
        guest.status === 'admitted' && media().publishing(guestRoom(guest.live_id, guest.id));
      return { guest: { ...guestView(guest), publishing }, look: studioLook(live) };
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
      const left = await moveGuest(app.db, guest.live_id, guest.id, ['waiting', 'admitted'], 'removed');
      const live = left ? await findStudioLive(app.db, guest.live_id) : undefined;
      // Told to every instance once, when the guest actually leaves; a repeated DELETE only tidies here.
      if (live) await sendGuestsAway(app, live.account_id, guest.live_id);
      else await closeOffStageGuestMedia(app, guest.live_id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/studio/guests/:guestId/whip',
    {
      bodyLimit: MAX_OFFER_BYTES,
      config: { permission: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          "An admitted guest's camera and microphone, over WebRTC (WHIP-like), to the presenter's page",
        description:
          'Authorization: Bearer <the guest session secret>; body: an SDP offer (`application/sdp`, at most 64 KiB). ' +
          '201: the SDP answer and `Location` (DELETE it to stop). The server forwards the media to the ' +
          "presenter's page (GET …/studio/guests/{guestId}/whep), never decodes it. 403 while the guest is not admitted.",
        params: GuestParams,
        response: {
          201: Type.String({ description: 'The SDP answer (application/sdp)' }),
          ...errors(400, 401, 403, 409, 413, 415, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const guest = await guestOf(app, request, request.params.guestId);
      const offer = sdpOffer(request);
      if (guest.status !== 'admitted') throw new ApiError(403, 'guestNotAdmitted');
      const room = guestRoom(guest.live_id, guest.id);
      // A guest publishes once: a new offer is its page made again (a reload, the browser reopened, a
      // failed connection), whose old session the core may hold until its timeout. The new one
      // replaces it (and the presenter's receivers of it, which its page makes again) rather than
      // being refused until then (docs/studio.md "Lost guests").
      await media().closeRoom(room);
      const { sessionId, answerSdp } = await media().publish(room, offer);
      // Removed (or every link revoked) while the offer was being answered: the removal closed no
      // session then, so this one is closed here rather than left to reach the stage.
      const now = await findGuest(app.db, guest.live_id, guest.id);
      if (now?.status !== 'admitted') {
        await media().close(room, sessionId);
        throw new ApiError(403, 'guestNotAdmitted');
      }
      return reply
        .code(201)
        .header('content-type', 'application/sdp')
        .header('location', `/v1/studio/guests/${guest.id}/whip/${sessionId}`)
        .send(answerSdp);
    },
  );

  app.delete(
    '/v1/studio/guests/:guestId/whip/:sessionId',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: "Ends a guest's WHIP publish (the Location of its POST)",
        description: 'Authorization: Bearer <the guest session secret>.',
        params: Type.Object({ guestId: Uuid, sessionId: Uuid }),
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const guest = await guestOf(app, request, request.params.guestId);
      const closed = await media().close(
        guestRoom(guest.live_id, guest.id),
        request.params.sessionId.toLowerCase(),
      );
      if (!closed) throw new ApiError(404, 'guestMediaSessionNotFound');
      return reply.code(204).send(null);
    },
  );
};

export default studioGuestRoutes;
