import type { Generated, Selectable } from 'kysely';

/** One password-recovery link. Only sha256 of the link's secret is kept. */
export interface PasswordResetsTable {
  id: Generated<string>;
  user_id: string;
  secret_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

export type PasswordResetRow = Selectable<PasswordResetsTable>;
