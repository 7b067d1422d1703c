import type { Generated, Selectable } from 'kysely';

/** A customer company. Its accounts (teams) are what users work in. */
export interface ClientsTable {
  id: Generated<string>;
  name: string;
  /** Blocked for non-payment: every team of the client is, and a team created meanwhile too. */
  blocked: Generated<boolean>;
  created_at: Generated<Date>;
}

export type ClientRow = Selectable<ClientsTable>;
