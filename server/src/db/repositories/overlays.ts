import type { Insertable, Updateable } from 'kysely';
import type { Overlay } from '../../../../contract/playback.ts';
import type { Executor } from '../schema.ts';
import type { OverlayRow, OverlaysTable } from '../tables/overlays.ts';

/** An overlay as viewers receive it: the viewer contract's. */
export type { Overlay };

/** A team holds at most this many overlays, and a live shows at most MAX_ACTIVE at once: every
 * `live.overlays` event then fits the bus's NOTIFY payload with room to spare. */
export const MAX_OVERLAYS = 50;
export const MAX_ACTIVE = 10;

/** Public URL of an overlay image: unguessable (a random version in the name), no token needed. */
export function overlayImageUrl(row: Pick<OverlayRow, 'id' | 'account_id' | 'image'>): string | null {
  const image = row.image;
  return image ? `/media/overlays/${row.account_id}/${row.id}-${image.version}.${image.ext}` : null;
}

export function toPublicOverlay(row: OverlayRow): Overlay {
  return {
    id: row.id,
    kind: row.kind,
    text: row.kind === 'text' ? row.text : null,
    imageUrl: row.kind === 'image' ? overlayImageUrl(row) : null,
    position: row.position,
    widthPercent: row.width_percent,
    color: row.color,
  };
}

export async function listOverlays(db: Executor, accountId: string): Promise<OverlayRow[]> {
  return db
    .selectFrom('overlays')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(MAX_OVERLAYS)
    .execute();
}

export async function countOverlays(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('overlays')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One overlay of the account; another account's is not found, like a missing one. */
export async function findOverlay(
  db: Executor,
  accountId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<OverlayRow | undefined> {
  let query = db.selectFrom('overlays').selectAll().where('account_id', '=', accountId).where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertOverlay(db: Executor, row: Insertable<OverlaysTable>): Promise<OverlayRow> {
  return db.insertInto('overlays').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateOverlay(
  db: Executor,
  accountId: string,
  id: string,
  changes: Updateable<OverlaysTable>,
): Promise<OverlayRow | undefined> {
  return db
    .updateTable('overlays')
    .set({ ...changes, updated_at: new Date() })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteOverlay(
  db: Executor,
  accountId: string,
  id: string,
): Promise<OverlayRow | undefined> {
  return db
    .deleteFrom('overlays')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The lives currently showing an overlay (to tell their viewers when it changes or goes). */
export async function livesShowing(db: Executor, overlayId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('live_stream_overlays')
    .select('live_id')
    .where('overlay_id', '=', overlayId)
    .execute();
  return rows.map((r) => r.live_id);
}

/** The overlays turned on for a live, in the order they were turned on. */
export async function activeOverlayRows(db: Executor, liveId: string): Promise<OverlayRow[]> {
  return db
    .selectFrom('live_stream_overlays as l')
    .innerJoin('overlays as o', 'o.id', 'l.overlay_id')
    .selectAll('o')
    .where('l.live_id', '=', liveId)
    .orderBy('l.created_at')
    .orderBy('o.id')
    .limit(MAX_ACTIVE)
    .execute();
}

/**
 * What the viewers of a live see over the player: its overlays that are on and have something to
 * show (an image overlay whose image was never uploaded is left out). The playback endpoint calls it.
 */
export async function activeOverlays(db: Executor, liveId: string): Promise<Overlay[]> {
  const rows = await activeOverlayRows(db, liveId);
  return rows.filter((r) => (r.kind === 'image' ? r.image !== null : Boolean(r.text))).map(toPublicOverlay);
}

/** Replaces the set of overlays on for a live (ids already checked to be the live's account's). */
export async function setActiveOverlays(db: Executor, liveId: string, overlayIds: string[]): Promise<void> {
  await db.deleteFrom('live_stream_overlays').where('live_id', '=', liveId).execute();
  if (overlayIds.length === 0) return;
  const base = Date.now();
  // Distinct times keep the order the ids were given in (the later one is drawn on top).
  await db
    .insertInto('live_stream_overlays')
    .values(overlayIds.map((id, i) => ({ live_id: liveId, overlay_id: id, created_at: new Date(base + i) })))
    .execute();
}

/** The team's overlays among `ids`, with their names (another team's are not found). */
export async function overlayNamesIn(
  db: Executor,
  accountId: string,
  ids: string[],
): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('overlays')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
}
