import type { Generated, Selectable } from 'kysely';

/** An API key: acts as its creator in one team, limited to `permissions` (docs/api-keys.md). */
export interface ApiKeysTable {
  id: Generated<string>;
  account_id: string;
  /** The creator: the key acts as this user. */
  user_id: string;
  name: string;
  /** The visible start of the secret (`palco_live_ab12cd34`), to recognise the key in lists. */
  prefix: string;
  /** HMAC-SHA256 of the whole secret under the server's pepper; the secret itself is never kept. */
  secret_hash: string;
  permissions: Generated<string[]>;
  created_at: Generated<Date>;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
