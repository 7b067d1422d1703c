import type { FastifyRequest } from 'fastify';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import type { Executor } from '../../db/schema.ts';
import { activityOf, type toRecord } from '../../lib/activity.ts';
import { workingAccountId } from '../../services/session.ts';

/** Logs what a signed-in user did to their own account (profile, password, sessions, 2FA), in the
 * team they are working in, with their login as the identifier. */
export function logOwnAction(
  trx: Executor,
  request: FastifyRequest,
  event:
    | 'PERFIL_ATUALIZADO'
    | 'SENHA_ATUALIZADA'
    | 'SESSOES_ENCERRADAS'
    | 'DOIS_FATORES_ATIVADO'
    | 'DOIS_FATORES_DESATIVADO',
  record: ReturnType<typeof toRecord> = [],
) {
  const auth = request.auth!;
  return recordActivity(trx, {
    ...activityOf(request),
    accountId: workingAccountId(auth, request.account),
    event,
    identifier: auth.user.login,
    record,
  });
}
