import { recordActivity } from '../../db/repositories/activity-log.ts';
import { listConnections } from '../../db/repositories/integrations.ts';
import type { Executor } from '../../db/schema.ts';
import type { IntegrationConnectionRow, IntegrationProvider } from '../../db/tables/integrations.ts';
import { type RequestActivity, toRecord } from '../../lib/activity.ts';
import type { EventCode } from '../../lib/event-types.ts';

/** A team's connection to a provider it connects one account of (Tencent, YouTube, Facebook), if any. */
export async function soleConnection(
  db: Executor,
  accountId: string,
  provider: IntegrationProvider,
): Promise<IntegrationConnectionRow | undefined> {
  return (await listConnections(db, accountId, provider))[0];
}

/** An activity-log line about a team's integration with one of those providers (named by the provider). */
export function logIntegration(
  trx: Executor,
  who: RequestActivity,
  accountId: string,
  provider: IntegrationProvider,
  event: EventCode,
  fields: object,
) {
  return recordActivity(trx, {
    ...who,
    accountId,
    event,
    identifier: provider,
    record: toRecord({ provider, ...fields }),
  });
}
