import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/streams.ts';
import { insertMessage, recentSends } from '../../db/repositories/classroom.ts';
import { findStream } from '../../db/repositories/streams.ts';
import {
  countPresentGuests,
  createGuestLink,
  currentGuestLink,
  findGuest,
  listPresentGuests,
  moveGuest,
  revokeGuestLinks,
} from '../../db/repositories/studio.ts';
import type { StudioGuestRow } from '../../db/tables/studio.ts';
import { AccountIdQuery, bearer, errors, Uuid } from '../../http/schemas.ts';
import { MAX_OFFER_BYTES } from '../../http/sdp.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { guestLinkKey, signGuestLink } from '../../lib/studio-token.ts';
import { guestRoom, sendGuestsAway, studioSessions } from '../../media/studio-media.ts';
import { accountOf } from '../../plugins/caller.ts';
import { CHAT_RATE, cleanText, MAX_MESSAGE, Message, messageView } from '../classroom/chat.ts';
import { acceptSdp, sdpOffer } from '../studio/sdp.ts';
import { logStream } from './activity.ts';
import { IdParams } from './schemas.ts';

/** Guests on the stage at once: the presenter's browser composes every tile (docs/studio.md). */
export const MAX_STAGE_GUESTS = 8;
/** Guests waiting at once, so that a leaked link cannot fill the list. */
export const MAX_WAITING_GUESTS = 20;
/** A guest link's validity: 24 hours unless asked otherwise, 1 hour to 30 days. */
export const GUEST_LINK_HOURS = { default: 24, min: 1, max: 720 } as const;
/** A link with less than this left is not handed out again: a new one is made. */
const MIN_LEFT_SECONDS = 60 * 60;

export const GuestLink = Type.Object({
  linkId: Type.String(),
  token: Type.String({
    description: 'The signed token (expires with the link; revoking the link refuses it)',
  }),
  path: Type.String({ description: 'The guest page on this server: /studio/{liveId}/guest?t={token}' }),
  expiresAt: Type.String({ format: 'date-time' }),
});

// The answer equals contract/streams.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type GuestLinkMatchesContract = Expect<Equal<Static<typeof GuestLink>, Contract.GuestLink>>;

export const Guest = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  status: Type.Union([Type.Literal('waiting'), Type.Literal('admitted'), Type.Literal('removed')]),
  joinedAt: Type.String({ format: 'date-time' }),
  publishing: Type.Optional(
    Type.Boolean({
      description:
        "On the stage and its camera's publish is up (on this instance): the presenter receives it only then",
    }),
  ),
});

export const guestView = (g: StudioGuestRow) => ({
  id: g.id,
  name: g.name,
  email: g.email,
  status: g.status,
  joinedAt: g.created_at.toISOString(),
});

const GuestParams = Type.Object({ id: Uuid, guestId: Uuid });

/**
 * The presenter's side of the studio's guests (docs/studio.md "Studio page and guests"): the guest
 * link, the waiting room, admitting and removing. The guests' own calls are public (routes/studio).
 */
const studioRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['studio'];
  acceptSdp(app);

  /** The studio stream `id` of the call's account (404 otherwise; 409 when it is an encoder stream). */
  async function studioStream(accountId: string, id: string) {
    const row = await findStream(app.db, accountId, id.toLowerCase());
    if (!row) throw new ApiError(404, 'streamNotFound');
    if (row.type !== 'studio') throw new ApiError(409, 'notStudioStream');
    return row;
  }

  app.post(
    '/v1/live-streams/:id/studio/guest-link',
    {
      config: { permission: { anyOf: ['showStreaming'] } },
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        summary:
          "The studio's guest link (the current one, or a new one when none is valid for an hour more)",
        description:
          'Answers the link guests open (`path` on this server). A link is handed out again while it has more ' +
          'than an hour left; `renew: true` always makes a new one (the old ones stay valid until revoked).',
        security: bearer,
        params: IdParams,
        querystring: AccountIdQuery,
        body: Type.Object(
          {
            validHours: Type.Optional(
              Type.Integer({ minimum: GUEST_LINK_HOURS.min, maximum: GUEST_LINK_HOURS.max }),
            ),
            renew: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false, description: 'May be left out (no body)' },
        ),
        response: { 200: GuestLink, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const row = await studioStream(accountId, request.params.id);
      const hours = request.body.validHours ?? GUEST_LINK_HOURS.default;
      const link = await app.db.transaction().execute(async (trx) => {
        const current = request.body.renew
          ? undefined
          : await currentGuestLink(trx, row.id, MIN_LEFT_SECONDS);
        if (current) return current;
        const created = await createGuestLink(trx, {
          liveId: row.id,
          createdBy: request.auth!.user.id,
          expiresAt: new Date(Date.now() + hours * 3600_000),
        });
        await logStream(trx, request, accountId, 'LINK_CONVIDADO_CRIADO', row.id, {
          nome: row.nome,
          expiresAt: created.expires_at.toISOString(),
        });
        return created;
      });
      const token = await signGuestLink(
        guestLinkKey(app.jwtKey),
        { linkId: link.id, liveId: row.id },
        link.expires_at,
      );
      return {
        linkId: link.id,
        token,
        path: `/studio/${row.id}/guest?t=${encodeURIComponent(token)}`,
        expiresAt: link.expires_at.toISOString(),
      };
    },
  );

  app.delete(
    '/v1/live-streams/:id/studio/guest-link',
    {
      config: { permission: { anyOf: ['showStreaming'] } },
      schema: {
        tags,
        summary: 'Revokes every guest link of the studio and sends its guests away',
        security: bearer,
        params: IdParams,
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const row = await studioStream(accountId, request.params.id);
      await app.db.transaction().execute(async (trx) => {
        const links = await revokeGuestLinks(trx, row.id);
        await logStream(trx, request, accountId, 'LINK_CONVIDADO_REMOVIDO', row.id, {
          nome: row.nome,
          links,
        });
      });
      // Every guest is now removed: their cameras and microphones stop reaching the stage at once, on
      // every instance, exactly as when one guest is removed (docs/studio.md "Guests").
      await sendGuestsAway(app, accountId, row.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/v1/live-streams/:id/studio/guests',
    {
      config: { permission: { anyOf: ['showStreaming'] } },
      schema: {
        tags,
        summary: 'The guests in the waiting room and on the stage (whose page is open), oldest first',
        security: bearer,
        params: IdParams,
        querystring: AccountIdQuery,
        response: {
          200: Type.Object({ items: Type.Array(Guest), maxStage: Type.Integer() }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const row = await studioStream(accountOf(request), request.params.id);
      reply.header('cache-control', 'no-store');
      // `publishing` lets the presenter's page ask for a guest's media only once there is some,
      // rather than a 409 every poll while the guest (re)connects (docs/studio.md "Lost guests").
      const media = studioSessions(app.webrtc);
      const items = (await listPresentGuests(app.db, row.id)).map((g) => ({
        ...guestView(g),
        publishing: g.status === 'admitted' && media.publishing(guestRoom(row.id, g.id)),
      }));
      return { items, maxStage: MAX_STAGE_GUESTS };
    },
  );

  app.put(
    '/v1/live-streams/:id/studio/guests/:guestId/:action',
    {
      config: { permission: { anyOf: ['showStreaming'] } },
      schema: {
        tags,
        summary: 'Admits a waiting guest to the stage, or removes a guest (waiting or on stage)',
        description: `At most ${MAX_STAGE_GUESTS} guests on the stage: admitting one more answers 409.`,
        security: bearer,
        params: Type.Object({
          ...GuestParams.properties,
          action: Type.Union([Type.Literal('admit'), Type.Literal('remove')]),
        }),
        querystring: AccountIdQuery,
        response: { 200: Guest, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const row = await studioStream(accountId, request.params.id);
      const guestId = request.params.guestId.toLowerCase();
      const admit = request.params.action === 'admit';
      const moved = await app.db.transaction().execute(async (trx) => {
        // One admission at a time per live, so that two presenters cannot pass the stage bound together.
        await findStream(trx, accountId, row.id, { forUpdate: true });
        if (admit && (await countPresentGuests(trx, row.id, ['admitted'])) >= MAX_STAGE_GUESTS)
          throw new ApiError(409, 'guestStageFull', { params: { max: MAX_STAGE_GUESTS } });
        const moved = await moveGuest(
          trx,
          row.id,
          guestId,
          admit ? ['waiting'] : ['waiting', 'admitted'],
          admit ? 'admitted' : 'removed',
        );
        if (!moved) {
          if (!(await findGuest(trx, row.id, guestId))) throw new ApiError(404, 'guestNotFound');
          throw new ApiError(409, 'guestNotWaiting');
        }
        await logStream(
          trx,
          request,
          accountId,
          admit ? 'CONVIDADO_AUTORIZADO' : 'CONVIDADO_REMOVIDO',
          row.id,
          {
            nome: row.nome,
            convidado: moved.name,
            email: moved.email,
          },
        );
        return moved;
      });
      // A removed guest's camera and microphone stop reaching the stage at once, on every instance.
      if (!admit) await sendGuestsAway(app, accountId, row.id);
      return guestView(moved);
    },
  );

  app.post(
    '/v1/live-streams/:id/studio/guests/:guestId/whep',
    {
      bodyLimit: MAX_OFFER_BYTES,
      config: { permission: { anyOf: ['showStreaming'] } },
      schema: {
        tags,
        summary:
          "Receives an admitted guest's camera and microphone (WHEP-like), for the studio's composition",
        description:
          'Body: an SDP offer (`application/sdp`, receive-only). 201: the SDP answer and `Location` (DELETE it to stop). ' +
          "409 while the guest publishes nothing (yet). The guest's media is forwarded as it comes, never decoded.",
        security: bearer,
        params: GuestParams,
        querystring: AccountIdQuery,
        response: {
          201: Type.String({ description: 'The SDP answer (application/sdp)' }),
          ...errors(400, 401, 403, 404, 409, 413, 415, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const row = await studioStream(accountId, request.params.id);
      const offer = sdpOffer(request);
      const guest = await findGuest(app.db, row.id, request.params.guestId.toLowerCase());
      if (!guest || guest.status === 'removed') throw new ApiError(404, 'guestNotFound');
      if (guest.status !== 'admitted') throw new ApiError(409, 'guestNotAdmitted');
      const { sessionId, answerSdp } = await studioSessions(app.webrtc).subscribe(
        guestRoom(row.id, guest.id),
        offer,
      );
      return reply
        .code(201)
        .header('content-type', 'application/sdp')
        .header('location', `/v1/live-streams/${row.id}/studio/guests/${guest.id}/whep/${sessionId}`)
        .send(answerSdp);
    },
  );

  app.delete(
    '/v1/live-streams/:id/studio/guests/:guestId/whep/:sessionId',
    {
      config: { permission: { anyOf: ['showStreaming'] } },
      schema: {
        tags,
        summary: 'Stops receiving a guest (the Location of its WHEP POST)',
        security: bearer,
        params: Type.Object({ ...GuestParams.properties, sessionId: Uuid }),
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const row = await studioStream(accountOf(request), request.params.id);
      const room = guestRoom(row.id, request.params.guestId.toLowerCase());
      if (!(await studioSessions(app.webrtc).close(room, request.params.sessionId.toLowerCase())))
        throw new ApiError(404, 'guestMediaSessionNotFound');
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/v1/live-streams/:id/studio/chat',
    {
      config: { permission: { anyOf: ['showStreaming'] } },
      schema: {
        tags,
        summary: "The host writes in the live's classroom chat, marked as the host",
        description:
          'From the studio (docs/studio.md "The host in the chat"): the author is the caller\'s name and the ' +
          'message carries `host: true` for every reader of the chat. Plain text, at most 500 characters; ' +
          "the chat's pace limit applies.",
        security: bearer,
        params: IdParams,
        querystring: AccountIdQuery,
        body: Type.Object({ text: Type.String({ maxLength: 2000 }) }, { additionalProperties: false }),
        response: { 201: Message, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const row = await studioStream(accountOf(request), request.params.id);
      const text = cleanText(request.body.text);
      if (!text) throw new ApiError(400, 'required', { field: 'text' });
      if ([...text].length > MAX_MESSAGE)
        throw new ApiError(400, 'maxLength', { field: 'text', params: { max: MAX_MESSAGE } });
      const { user } = request.auth!;
      const ip = request.ip ?? null;
      const sent = await recentSends(app.db, row.id, user.login, ip, CHAT_RATE.windowSeconds);
      if (sent.byAttendee >= CHAT_RATE.perAttendee || sent.byAddress >= CHAT_RATE.perAddress)
        throw new ApiError(429, 'chatTooFast', {
          params: { seconds: CHAT_RATE.windowSeconds },
          headers: { 'retry-after': String(CHAT_RATE.windowSeconds) },
        });
      const message = await insertMessage(app.db, {
        liveId: row.id,
        author: user.name,
        email: user.login,
        ip,
        text,
        host: true,
      });
      await app.events.publish(row.account_id, 'classroom.chat', { liveId: row.id, id: String(message.id) });
      return reply.code(201).send(messageView(message));
    },
  );
};

export default studioRoutes;
