import type { Generated, Selectable } from 'kysely';

/** One login. Tokens carry its id (`sid`); the team chosen after that login is kept here. */
export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  selected_account_id: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
}

export type SessionRow = Selectable<SessionsTable>;
