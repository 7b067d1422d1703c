import { consumeRecoveryCode, consumeTotpStep } from '../db/repositories/two-factor.ts';
import type { Executor } from '../db/schema.ts';
import type { UserRow } from '../db/tables/users.ts';
import { hashRecoveryCode, openSecret, type TwoFactorKeys, totpStep } from '../lib/two-factor.ts';

/**
 * Whether `code` (6 digits from the app, or one recovery code) proves the second factor of `user`,
 * using it up: an accepted TOTP step and a recovery code are each accepted only once.
 */
export async function useSecondFactor(
  db: Executor,
  keys: TwoFactorKeys,
  user: Pick<UserRow, 'id' | 'totp_secret'>,
  code: string,
): Promise<boolean> {
  if (!user.totp_secret) return false;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = await totpStep(openSecret(keys, user.totp_secret), trimmed);
    return step !== null && consumeTotpStep(db, user.id, step);
  }
  return consumeRecoveryCode(db, user.id, hashRecoveryCode(keys, trimmed));
}
