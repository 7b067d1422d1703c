import type { FastifyRequest } from 'fastify';
import { recordActivity } from '../db/repositories/activity-log.ts';
import { revokeKeysOfUser } from '../db/repositories/api-keys.ts';
import type { Executor } from '../db/schema.ts';
import type { UserRow } from '../db/tables/users.ts';
import { activityOf, actorOf, toRecord } from '../lib/activity.ts';

/**
 * Keys do not outlive the credentials that made them: a password change, a password recovery and "sign
 * out every other session" revoke every key the user created (and the webhooks registered through
 * them), each logged `CHAVE_API_REMOVIDA` in its team with the reason (docs/api-keys.md).
 */
export async function revokeOwnKeys(
  trx: Executor,
  request: FastifyRequest,
  user: Pick<UserRow, 'id' | 'login' | 'name' | 'avatar'>,
  reason: 'SENHA_ATUALIZADA' | 'SESSOES_ENCERRADAS',
): Promise<number> {
  const keys = await revokeKeysOfUser(trx, user.id);
  for (const key of keys)
    await recordActivity(trx, {
      ...activityOf(request),
      actor: actorOf(user),
      accountId: key.accountId,
      event: 'CHAVE_API_REMOVIDA',
      identifier: key.name,
      record: toRecord({ nome: key.name, prefixo: key.prefix, motivo: reason }),
    });
  return keys.length;
}
