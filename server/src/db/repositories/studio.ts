import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { StudioGuestLinkRow, StudioGuestRow, StudioGuestStatus } from '../tables/studio.ts';

/** A guest whose page has not asked for its state for this long has left (closed the tab, lost the network). */
export const GUEST_PRESENCE_SECONDS = 30;
/**
 * The same for a guest on the stage: its page polls every 2 s and holds a WebRTC connection, which
 * keeps the browser from slowing its timers in a background tab, so a few missed polls mean it is gone
 * and its tile should go within seconds (docs/studio.md "Lost guests"). A waiting guest's tab in the
 * background may poll once a minute only: it keeps the longer window.
 */
export const STAGE_PRESENCE_SECONDS = 8;
const present = sql<boolean>`seen_at > now() - make_interval(secs => case when status = 'admitted' then ${sql.lit(STAGE_PRESENCE_SECONDS)} else ${sql.lit(GUEST_PRESENCE_SECONDS)} end)`;

export async function createGuestLink(
  db: Executor,
  link: { liveId: string; createdBy: string | null; expiresAt: Date },
): Promise<StudioGuestLinkRow> {
  return db
    .insertInto('studio_guest_links')
    .values({ live_id: link.liveId, created_by: link.createdBy, expires_at: link.expiresAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The live's newest link that is neither revoked nor due to expire within `minLeftSeconds`. */
export async function currentGuestLink(
  db: Executor,
  liveId: string,
  minLeftSeconds: number,
): Promise<StudioGuestLinkRow | undefined> {
  return db
    .selectFrom('studio_guest_links')
    .selectAll()
    .where('live_id', '=', liveId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now() + make_interval(secs => ${minLeftSeconds})`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A link of the live that still lets guests in (not revoked, not expired). */
export async function findUsableGuestLink(
  db: Executor,
  liveId: string,
  linkId: string,
): Promise<StudioGuestLinkRow | undefined> {
  return db
    .selectFrom('studio_guest_links')
    .selectAll()
    .where('id', '=', linkId)
    .where('live_id', '=', liveId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Revokes every link of the live and sends away the guests who came through them; answers how many links. */
export async function revokeGuestLinks(db: Executor, liveId: string): Promise<number> {
  const revoked = await db
    .updateTable('studio_guest_links')
    .set({ revoked_at: new Date() })
    .where('live_id', '=', liveId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  await db
    .updateTable('studio_guests')
    .set({ status: 'removed', updated_at: new Date() })
    .where('live_id', '=', liveId)
    .where('status', '!=', 'removed')
    .execute();
  return Number(revoked.numUpdatedRows);
}

/** Guests of the live in these states whose page is still open. */
export async function countPresentGuests(
  db: Executor,
  liveId: string,
  statuses: StudioGuestStatus[],
): Promise<number> {
  const row = await db
    .selectFrom('studio_guests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('live_id', '=', liveId)
    .where('status', 'in', statuses)
    .where(present)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertGuest(
  db: Executor,
  guest: { liveId: string; linkId: string; name: string; email: string; secretHash: string },
): Promise<StudioGuestRow> {
  return db
    .insertInto('studio_guests')
    .values({
      live_id: guest.liveId,
      link_id: guest.linkId,
      name: guest.name,
      email: guest.email,
      secret_hash: guest.secretHash,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The guest a session secret belongs to; marks it seen (its page is open). */
export async function touchGuest(
  db: Executor,
  guestId: string,
  secretHash: string,
): Promise<StudioGuestRow | undefined> {
  return db
    .updateTable('studio_guests')
    .set({ seen_at: new Date() })
    .where('id', '=', guestId)
    .where('secret_hash', '=', secretHash)
    .returningAll()
    .executeTakeFirst();
}

/** A guest whose media ended by itself: counted as not seen since before the presence window, so the
 * lists drop it until its page is seen again (docs/studio.md "Lost guests"). */
export async function markGuestLost(db: Executor, liveId: string, guestId: string): Promise<void> {
  await db
    .updateTable('studio_guests')
    .set({ seen_at: new Date(Date.now() - (GUEST_PRESENCE_SECONDS + 1) * 1000) })
    .where('live_id', '=', liveId)
    .where('id', '=', guestId)
    .execute();
}

/** The live's guests who are waiting or on stage with their page open, oldest first. */
export async function listPresentGuests(db: Executor, liveId: string): Promise<StudioGuestRow[]> {
  return db
    .selectFrom('studio_guests')
    .selectAll()
    .where('live_id', '=', liveId)
    .where('status', 'in', ['waiting', 'admitted'])
    .where(present)
    .orderBy('created_at')
    .limit(100)
    .execute();
}

export async function findGuest(
  db: Executor,
  liveId: string,
  guestId: string,
): Promise<StudioGuestRow | undefined> {
  return db
    .selectFrom('studio_guests')
    .selectAll()
    .where('live_id', '=', liveId)
    .where('id', '=', guestId)
    .executeTakeFirst();
}

/** Which of these guests of the live are on the stage now. */
export async function admittedGuestIds(
  db: Executor,
  liveId: string,
  guestIds: string[],
): Promise<Set<string>> {
  if (guestIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('studio_guests')
    .select('id')
    .where('live_id', '=', liveId)
    .where('id', 'in', guestIds)
    .where('status', '=', 'admitted')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Moves a guest of the live from one of `from` to `to`; undefined when it was in no such state. */
export async function moveGuest(
  db: Executor,
  liveId: string,
  guestId: string,
  from: StudioGuestStatus[],
  to: StudioGuestStatus,
): Promise<StudioGuestRow | undefined> {
  return db
    .updateTable('studio_guests')
    .set({ status: to, updated_at: new Date() })
    .where('live_id', '=', liveId)
    .where('id', '=', guestId)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
}

/** What the studio's public pages need of a live (any team's: the caller proved a link or a guest session). */
export async function findStudioLive(db: Executor, liveId: string) {
  return db
    .selectFrom('live_streams')
    .select(['id', 'account_id', 'nome', 'status', 'type', 'studio', 'banners'])
    .where('id', '=', liveId)
    .executeTakeFirst();
}
