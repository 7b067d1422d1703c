import type { Generated, Selectable } from 'kysely';

export interface UsersTable {
  id: Generated<string>;
  /** An e-mail address, always stored lowercase (a check constraint holds it). */
  login: string;
  name: string;
  avatar: string | null;
  /** argon2id PHC string. */
  password_hash: string;
  can_manage_teams_users: Generated<boolean>;
  /** Bumped on logout and password change: every token carrying an older `ver` is refused. */
  token_version: Generated<number>;
  default_account_id: string | null;
  root_directory: string | null;
  last_login_at: Date | null;
  created_at: Generated<Date>;
}

export type UserRow = Selectable<UsersTable>;
