import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import { updateConnection } from '../../db/repositories/integrations.ts';
import type { IntegrationConnectionRow } from '../../db/tables/integrations.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import { logIntegration, soleConnection } from './connection.ts';

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

/**
 * The simulcast switch of a team's YouTube or Facebook card (`enabled`): 404 without a connection, 409
 * when switching a deauthorized one on; logged as the import switch is. Answers the updated connection.
 */
export async function switchSimulcast(
  app: FastifyInstance,
  request: FastifyRequest,
  accountId: string,
  provider: 'youtube' | 'facebook',
  enabled: boolean,
): Promise<IntegrationConnectionRow> {
  return app.db.transaction().execute(async (trx) => {
    const connection = await soleConnection(trx, accountId, provider);
    if (!connection) throw new ApiError(404, 'integrationNotFound');
    if (connection.deauthorized && enabled) throw new ApiError(409, 'integrationDeauthorized');
    await updateConnection(trx, connection.id, { enabled });
    await logIntegration(trx, activityOf(request), accountId, provider, 'IMPORTACAO_ATUALIZADA', { enabled });
    return { ...connection, enabled };
  });
}
