import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  countPresentGuests,
  findStudioLive,
  findUsableGuestLink,
  insertGuest,
  touchGuest,
} from '../../db/repositories/studio.ts';
import type { StudioGuestRow } from '../../db/tables/studio.ts';
import { ApiError } from '../../lib/errors.ts';
import { guestLinkKey, hashGuestSecret, newGuestSecret, verifyGuestLink } from '../../lib/studio-token.ts';
import { MAX_WAITING_GUESTS } from '../streams/studio.ts';
import { imageUrl } from '../streams/view.ts';

type StudioLive = NonNullable<Awaited<ReturnType<typeof findStudioLive>>>;

/** The studio's look for its public pages (SPEC §2.7 studio settings). */
export function studioLook(live: StudioLive) {
  return {
    liveId: live.id,
    title: live.nome,
    status: live.status,
    studioColor: live.studio.studioColor,
    waitingRoomColor: live.studio.waitingRoomColor,
    background: imageUrl(live.account_id, live.id, 'studioBackground', live.banners.studioBackground),
    chat: live.studio.chat,
  };
}

/** The studio live a guest-link token opens, or 404 (forged, expired, revoked, another live's). */
export async function liveOfGuestLink(app: FastifyInstance, liveId: string, token: string) {
  const claims = await verifyGuestLink(guestLinkKey(app.jwtKey), token);
  if (!claims || claims.liveId !== liveId) throw new ApiError(404, 'guestLinkInvalid');
  const link = await findUsableGuestLink(app.db, liveId, claims.linkId);
  const live = link ? await findStudioLive(app.db, liveId) : undefined;
  if (!link || !live || live.type !== 'studio') throw new ApiError(404, 'guestLinkInvalid');
  return { link, live };
}

/** Registers a guest in the waiting room through a guest link; answers the guest's session. */
export async function joinAsGuest(
  app: FastifyInstance,
  guest: { liveId: string; token: string; name: string; email: string },
): Promise<{ id: string; secret: string }> {
  const { link } = await liveOfGuestLink(app, guest.liveId, guest.token);
  if ((await countPresentGuests(app.db, guest.liveId, ['waiting'])) >= MAX_WAITING_GUESTS)
    throw new ApiError(429, 'guestWaitingRoomFull', { params: { max: MAX_WAITING_GUESTS } });
  const secret = newGuestSecret();
  const row = await insertGuest(app.db, {
    liveId: guest.liveId,
    linkId: link.id,
    name: guest.name,
    email: guest.email,
    secretHash: hashGuestSecret(secret),
  });
  return { id: row.id, secret };
}

/** The guest whose session secret the call carries (`Authorization: Bearer <secret>`), marked seen; else 401. */
export async function guestOf(
  app: FastifyInstance,
  request: FastifyRequest,
  guestId: string,
): Promise<StudioGuestRow> {
  const header = request.headers.authorization ?? '';
  const secret = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const guest =
    secret && secret.length <= 200
      ? await touchGuest(app.db, guestId.toLowerCase(), hashGuestSecret(secret))
      : undefined;
  if (!guest) throw new ApiError(401, 'guestSessionInvalid');
  return guest;
}
