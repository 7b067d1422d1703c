import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import { lockAccount } from './accounts.ts';

export interface TeamUser {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  roleId: string;
  roleName: string;
  lastLoginAt: Date | null;
}

/** `%`, `_` and `\` typed by a user are literal characters. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** A team's memberships with their user and role: every member list starts here. */
function membersOf(db: Executor, accountId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .where('m.account_id', '=', accountId);
}

/** One page of a team's members by name, searched in name and e-mail (any letter case). */
export async function listTeamUsers(
  db: Executor,
  accountId: string,
  options: { search: string; page: number; limit: number },
): Promise<{ items: TeamUser[]; total: number }> {
  let query = membersOf(db, accountId);
  if (options.search) {
    const pattern = containsPattern(options.search);
    query = query.where((eb) => eb.or([eb('u.name', 'ilike', pattern), eb('u.login', 'ilike', pattern)]));
  }
  const [items, count] = await Promise.all([
    query
      .select([
        'u.id as id',
        'u.name as name',
        'u.login as email',
        'u.avatar as avatar',
        'r.id as roleId',
        'r.name as roleName',
        'u.last_login_at as lastLoginAt',
      ])
      .orderBy(sql`lower(u.name)`)
      .orderBy('u.id')
      .limit(options.limit)
      .offset((options.page - 1) * options.limit)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export interface TeamMember {
  userId: string;
  name: string;
  login: string;
  canManageTeamsUsers: boolean;
  roleId: string;
  permissions: string[];
}

/**
 * Every member of a team with their role's permissions, after locking the team's row: changes to a
 * team's members and roles take turns, so two admins cannot each demote the other (the last-manager
 * rule would pass for both).
 */
export async function lockTeamMembers(trx: Executor, accountId: string): Promise<TeamMember[]> {
  await lockAccount(trx, accountId);
  return membersOf(trx, accountId)
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select([
      'u.id as userId',
      'u.name as name',
      'u.login as login',
      // The flag counts only in the teams of the client that granted it (services/session.ts).
      sql<boolean>`coalesce(u.can_manage_teams_users and u.manage_users_client_id = a.client_id, false)`.as(
        'canManageTeamsUsers',
      ),
      'r.id as roleId',
      'r.permissions as permissions',
    ])
    .execute();
}

export async function setMemberRole(
  db: Executor,
  accountId: string,
  userId: string,
  roleId: string,
): Promise<void> {
  await db
    .updateTable('memberships')
    .set({ role_id: roleId })
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .execute();
}

/** Adds a member; an existing membership keeps its role. */
export async function addMember(
  db: Executor,
  accountId: string,
  userId: string,
  roleId: string,
): Promise<void> {
  await db
    .insertInto('memberships')
    .values({ account_id: accountId, user_id: userId, role_id: roleId })
    .onConflict((oc) => oc.columns(['user_id', 'account_id']).doNothing())
    .execute();
}

export async function isMember(db: Executor, accountId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface AccountUser {
  id: string;
  nome: string;
  login: string;
  avatar: string | null;
  cargo: string;
  /** The role's permissions there. */
  permissions: string[];
  lastLoginAt: Date | null;
}

/** Every member of a team with their role there, by name (the streaming settings' users list). */
export async function listAccountUsers(db: Executor, accountId: string): Promise<AccountUser[]> {
  return membersOf(db, accountId)
    .select([
      'u.id as id',
      'u.name as nome',
      'u.login as login',
      'u.avatar as avatar',
      'r.name as cargo',
      'r.permissions as permissions',
      'u.last_login_at as lastLoginAt',
    ])
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}

/** Takes a user out of one team (their other teams stay). */
export async function deleteMember(db: Executor, accountId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('memberships')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .execute();
}

/** Whether the user is a member of some team of the client. */
export async function isMemberOfClient(db: Executor, userId: string, clientId: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select('m.user_id')
    .where('m.user_id', '=', userId)
    .where('a.client_id', '=', clientId)
    .executeTakeFirst();
  return row !== undefined;
}
