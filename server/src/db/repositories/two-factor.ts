import { sql } from 'kysely';
import type { Executor } from '../schema.ts';

export async function setPendingTotp(db: Executor, userId: string, sealed: string): Promise<void> {
  await db.updateTable('users').set({ totp_pending_secret: sealed }).where('id', '=', userId).execute();
}

/** Turns the pending secret on, with the step of the code that confirmed it (already used). */
export async function enableTotp(
  db: Executor,
  userId: string,
  sealed: string,
  step: number,
  recoveryHashes: string[],
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      totp_secret: sealed,
      totp_pending_secret: null,
      totp_enabled_at: sql<Date>`now()`,
      totp_last_step: step,
      totp_recovery_hashes: recoveryHashes,
    })
    .where('id', '=', userId)
    .execute();
}

export async function disableTotp(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      totp_recovery_hashes: [],
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Records `step` as used when it is later than the last one used: one conditional write, so two
 * requests racing with the same code cannot both pass. False means the code was already used.
 */
export async function consumeTotpStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Strikes one recovery code off, atomically: true only for the first use of an unused code. */
export async function consumeRecoveryCode(db: Executor, userId: string, hash: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_recovery_hashes: sql<string[]>`array_remove(totp_recovery_hashes, ${hash})` })
    .where('id', '=', userId)
    .where(sql<boolean>`${hash} = any(totp_recovery_hashes)`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
