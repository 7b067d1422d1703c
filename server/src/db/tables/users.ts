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
  /** The client that granted `can_manage_teams_users`: the flag holds in that client's teams only. */
  manage_users_client_id: Generated<string | null>;
  /** Bumped on logout and password change: every token carrying an older `ver` is refused. */
  token_version: Generated<number>;
  default_account_id: string | null;
  root_directory: string | null;
  last_login_at: Date | null;
  created_at: Generated<Date>;
  /** The TOTP secret once two-factor sign-in is on, AES-256-GCM sealed (lib/two-factor.ts). */
  totp_secret: string | null;
  /** A secret set up but not yet confirmed by a code, sealed the same way. */
  totp_pending_secret: string | null;
  totp_enabled_at: Date | null;
  /** The last time step whose code was accepted: a code is never accepted twice. */
  totp_last_step: number | null;
  /** Keyed hashes of the unused recovery codes. */
  totp_recovery_hashes: Generated<string[]>;
}

export type UserRow = Selectable<UsersTable>;
