import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { RoleRow } from '../tables/roles.ts';

export interface RoleView {
  id: string;
  name: string;
  permissions: string[];
  /** Members holding it plus open invitations carrying it. */
  usersCount: number;
  invitationsCount: number;
  createdAt: Date;
}

export async function listRolesOfAccount(db: Executor, accountId: string): Promise<RoleView[]> {
  const rows = await db
    .selectFrom('roles as r')
    .where('r.account_id', '=', accountId)
    .select((eb) => [
      'r.id as id',
      'r.name as name',
      'r.permissions as permissions',
      'r.created_at as createdAt',
      eb
        .selectFrom('memberships as m')
        .whereRef('m.role_id', '=', 'r.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('usersCount'),
      eb
        .selectFrom('invitations as i')
        .whereRef('i.role_id', '=', 'r.id')
        .where('i.accepted_at', 'is', null)
        .where('i.canceled_at', 'is', null)
        .select(sql<number>`count(*)::int`.as('n'))
        .as('invitationsCount'),
    ])
    .orderBy(sql`lower(r.name)`)
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    usersCount: Number(r.usersCount ?? 0),
    invitationsCount: Number(r.invitationsCount ?? 0),
  }));
}

export async function findRoleInAccount(
  db: Executor,
  accountId: string,
  roleId: string,
): Promise<RoleRow | undefined> {
  return db
    .selectFrom('roles')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', roleId)
    .executeTakeFirst();
}

export async function roleNameTaken(
  db: Executor,
  accountId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('roles')
    .select('id')
    .where('account_id', '=', accountId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function createRole(
  db: Executor,
  role: { accountId: string; name: string; permissions: string[] },
): Promise<RoleRow> {
  return db
    .insertInto('roles')
    .values({ account_id: role.accountId, name: role.name, permissions: role.permissions })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateRole(
  db: Executor,
  roleId: string,
  changes: { name?: string | undefined; permissions?: string[] | undefined },
): Promise<RoleRow> {
  return db
    .updateTable('roles')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.permissions !== undefined ? { permissions: changes.permissions } : {}),
    })
    .where('id', '=', roleId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Moves every member and open invitation of a role to another one of the same team. */
export async function reassignRole(db: Executor, fromId: string, toId: string): Promise<void> {
  await db.updateTable('memberships').set({ role_id: toId }).where('role_id', '=', fromId).execute();
  await db.updateTable('invitations').set({ role_id: toId }).where('role_id', '=', fromId).execute();
}

/** Deletes a role; closed invitations that named it go with it (they are history without a role). */
export async function deleteRole(db: Executor, roleId: string): Promise<void> {
  await db.deleteFrom('invitations').where('role_id', '=', roleId).execute();
  await db.deleteFrom('roles').where('id', '=', roleId).execute();
}

/** Every role holding a permission, with its team and client (the staff permissions catalogue). */
export async function listRolesHolding(
  db: Executor,
  clientId: string | undefined,
): Promise<
  Array<{
    permissions: string[];
    roleId: string;
    roleName: string;
    accountId: string;
    accountName: string;
    clientId: string;
    clientName: string;
  }>
> {
  let query = db
    .selectFrom('roles as r')
    .innerJoin('accounts as a', 'a.id', 'r.account_id')
    .innerJoin('clients as c', 'c.id', 'a.client_id');
  if (clientId) query = query.where('c.id', '=', clientId);
  return query
    .select([
      'r.permissions as permissions',
      'r.id as roleId',
      'r.name as roleName',
      'a.id as accountId',
      'a.name as accountName',
      'c.id as clientId',
      'c.name as clientName',
    ])
    .orderBy('c.name')
    .orderBy('a.name')
    .orderBy('r.name')
    .execute();
}
