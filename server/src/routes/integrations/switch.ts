import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import { updateConnection } from '../../db/repositories/integrations.ts';
import type { IntegrationConnectionRow } from '../../db/tables/integrations.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';

/**
 * The import switch of one connection (SPEC §4: disabled while deauthorized, so a deauthorized one
 * answers 409). On: the folder is made if it is gone and a look for recordings is queued at once.
 * Off: waiting items stay queued, and are picked up when it is switched on again.
 */
export async function switchImport(
  app: FastifyInstance,
  request: FastifyRequest,
  connection: IntegrationConnectionRow,
  on: boolean,
): Promise<void> {
  if (connection.deauthorized) throw new ApiError(409, 'integrationDeauthorized');
  if (connection.active_import === on) return;
  await app.db.transaction().execute(async (trx) => {
    await updateConnection(trx, connection.id, { active_import: on });
    if (on) {
      await app.integrations.ensureFolder(trx, connection);
      await app.integrations.schedulePoll(connection.id, 0, trx);
    }
    await recordActivity(trx, {
      ...activityOf(request),
      accountId: connection.account_id,
      event: 'IMPORTACAO_ATUALIZADA',
      identifier: connection.external_account_id,
      record: toRecord({ provider: connection.provider, label: connection.label, activeImport: on }),
    });
  });
}
