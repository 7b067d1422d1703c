import type { Generated, Selectable } from 'kysely';

/** A role ("cargo") belongs to one account and carries the permission strings of the session. */
export interface RolesTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  permissions: string[];
  created_at: Generated<Date>;
}

export type RoleRow = Selectable<RolesTable>;
