import type { Executor } from '../schema.ts';

/** A user's team with the role held there: what `/bff/me` and `/v1/teams` are made of. */
export interface MembershipView {
  accountId: string;
  accountName: string;
  accountThumbnail: string | null;
  accountBlocked: boolean;
  accountCreatedAt: Date;
  clientId: string;
  clientName: string;
  roleId: string;
  roleName: string;
  permissions: string[];
}

export async function listMembershipsOfUser(db: Executor, userId: string): Promise<MembershipView[]> {
  return db
    .selectFrom('memberships as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .innerJoin('clients as c', 'c.id', 'a.client_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .where('m.user_id', '=', userId)
    .select([
      'a.id as accountId',
      'a.name as accountName',
      'a.thumbnail as accountThumbnail',
      'a.blocked as accountBlocked',
      'a.created_at as accountCreatedAt',
      'c.id as clientId',
      'c.name as clientName',
      'r.id as roleId',
      'r.name as roleName',
      'r.permissions as permissions',
    ])
    .orderBy('a.name')
    .orderBy('a.id')
    .execute();
}
