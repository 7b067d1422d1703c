import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import { activeOverlays, overlayImageUrl } from '../../db/repositories/overlays.ts';
import type { Executor } from '../../db/schema.ts';
import type { OverlayRow } from '../../db/tables/overlays.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import { accessibleAccount } from '../../plugins/multitenancy.ts';
import { requireDeclaredIn } from '../../plugins/permissions.ts';

export type OverlayEvent =
  | 'OVERLAY_CRIADO'
  | 'OVERLAY_ATUALIZADO'
  | 'OVERLAY_REMOVIDO'
  | 'OVERLAYS_TRANSMISSAO_ATUALIZADOS';

export function overlayView(row: OverlayRow) {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    text: row.text,
    imageUrl: overlayImageUrl(row),
    position: row.position,
    widthPercent: row.width_percent,
    color: row.color,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * The team named in the path, checked like the `accountId` query: another team's answers 404 like a
 * missing one, and the route's declared permission must be held in that team.
 */
export async function pathAccount(request: FastifyRequest, accountId: string): Promise<string> {
  const id = accountId.toLowerCase();
  if (!request.auth) throw new ApiError(401, 'unauthenticated');
  const account = await accessibleAccount(request, request.auth, id);
  if (!account) throw new ApiError(404, 'accountNotFound');
  await requireDeclaredIn(request, account);
  return id;
}

export function logOverlay(
  trx: Executor,
  request: FastifyRequest,
  accountId: string,
  event: OverlayEvent,
  identifier: string,
  fields: Record<string, unknown>,
): Promise<void> {
  return recordActivity(trx, {
    ...activityOf(request),
    accountId,
    event,
    identifier,
    record: toRecord(fields),
  });
}

/** Tells every viewer of these lives (through tel's public channel) what is over their player now. */
export async function announce(app: FastifyInstance, accountId: string, liveIds: string[]): Promise<void> {
  for (const liveId of liveIds) {
    const overlays = await activeOverlays(app.db, liveId);
    await app.events.publish(accountId, 'live.overlays', { liveId, overlays });
  }
}
