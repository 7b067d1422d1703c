import { isAccountBlocked } from '../db/repositories/accounts.ts';
import type { Executor } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';

/**
 * SPEC §2.2 /blocked: a team blocked for non-payment may not create or start streams (uploads are
 * refused by the video routes' own check); what already runs and what is stored keep working.
 */
export async function assertLivesAllowed(db: Executor, accountId: string): Promise<void> {
  if (await isAccountBlocked(db, accountId)) throw new ApiError(403, 'accountBlockedLives');
}
