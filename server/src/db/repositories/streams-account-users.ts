import type { Executor } from '../schema.ts';

export interface AccountUser {
  id: string;
  nome: string;
  login: string;
  avatar: string | null;
  cargo: string;
  lastLoginAt: Date | null;
}

/** The members of an account with their role there, by name (the streaming settings' users list). */
export async function listAccountUsers(db: Executor, accountId: string): Promise<AccountUser[]> {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .where('m.account_id', '=', accountId)
    .select([
      'u.id as id',
      'u.name as nome',
      'u.login as login',
      'u.avatar as avatar',
      'r.name as cargo',
      'u.last_login_at as lastLoginAt',
    ])
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}

/** Takes a user out of an account (their other teams are untouched). */
export async function removeAccountMember(db: Executor, accountId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('memberships')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .execute();
}
