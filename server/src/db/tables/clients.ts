import type { Generated, Selectable } from 'kysely';

/** A customer company. Its accounts (teams) are what users work in. */
export interface ClientsTable {
  id: Generated<string>;
  name: string;
  created_at: Generated<Date>;
}

export type ClientRow = Selectable<ClientsTable>;
