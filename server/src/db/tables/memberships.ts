import type { Generated, Selectable } from 'kysely';

/** A user's place in an account, with the role (of that same account) they hold there. */
export interface MembershipsTable {
  user_id: string;
  account_id: string;
  role_id: string;
  created_at: Generated<Date>;
}

export type MembershipRow = Selectable<MembershipsTable>;
