import type { Generated, Selectable } from 'kysely';

/** A folder of an account's video library; folders nest (`parent_id` null = top level). */
export interface DirectoriesTable {
  id: Generated<string>;
  account_id: string;
  parent_id: string | null;
  name: string;
  created_at: Generated<Date>;
}

export type DirectoryRow = Selectable<DirectoriesTable>;
