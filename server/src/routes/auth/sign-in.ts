import type { FastifyInstance } from 'fastify';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import { clearLoginAttempts, forgetAddressAttempt } from '../../db/repositories/login-failures.ts';
import { recordLogin } from '../../db/repositories/users.ts';
import type { UserRow } from '../../db/tables/users.ts';
import { actorOf } from '../../lib/activity.ts';

/**
 * The end of a successful sign-in (password alone, or password then second factor): a session and its
 * token, then the login's failed attempts and this address's attempt forgotten, the sign-in recorded
 * and logged in the user's default team.
 */
export async function completeSignIn(
  app: FastifyInstance,
  user: UserRow,
  attempt: { login: string; fromAddress: string; ip: string | null; userAgent: string | null },
): Promise<string> {
  // The session behind the token is made first: if the rest fails, no token leaves and the unused
  // session simply expires.
  const token = await app.issueToken(user);
  await app.db.transaction().execute(async (trx) => {
    await clearLoginAttempts(trx, attempt.login);
    await forgetAddressAttempt(trx, attempt.fromAddress);
    await recordLogin(trx, user.id);
    await recordActivity(trx, {
      accountId: user.default_account_id,
      event: 'LOGIN_REALIZADO',
      identifier: user.login,
      record: [],
      actor: actorOf(user),
      ip: attempt.ip,
      userAgent: attempt.userAgent,
    });
  });
  return token;
}
