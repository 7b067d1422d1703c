import type { Generated, Selectable } from 'kysely';

/** A team ("conta"): the tenant every call is scoped to through `accountId`. */
export interface AccountsTable {
  id: Generated<string>;
  client_id: string;
  name: string;
  thumbnail: string | null;
  /** Blocked for non-payment: stored videos keep being delivered, new uploads are limited. */
  blocked: Generated<boolean>;
  created_at: Generated<Date>;
  /** Frame rate above which a publishing signal raises `alerta_fps_alto` (docs/realtime.md "Event
   * catalogue"). */
  fps_limit: Generated<number>;
  /** The team's default language ('pt-BR' | 'en') and IANA time zone (/account/settings). */
  language: Generated<string>;
  time_zone: Generated<string>;
}

export type AccountRow = Selectable<AccountsTable>;
