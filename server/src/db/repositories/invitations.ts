import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { InvitationRow } from '../tables/invitations.ts';

export interface InvitationView {
  id: string;
  email: string;
  roleId: string;
  roleName: string;
  invitedByName: string | null;
  createdAt: Date;
  expiresAt: Date;
}

/** A team's open invitations (not accepted nor cancelled; expired ones too, to be resent). */
export async function listOpenInvitations(
  db: Executor,
  accountId: string,
  search: string,
  limit: number,
): Promise<InvitationView[]> {
  let query = db
    .selectFrom('invitations as i')
    .innerJoin('roles as r', 'r.id', 'i.role_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .where('i.account_id', '=', accountId)
    .where('i.accepted_at', 'is', null)
    .where('i.canceled_at', 'is', null);
  if (search) query = query.where('i.email', 'ilike', `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return query
    .select([
      'i.id as id',
      'i.email as email',
      'r.id as roleId',
      'r.name as roleName',
      'u.name as invitedByName',
      'i.created_at as createdAt',
      'i.expires_at as expiresAt',
    ])
    .orderBy('i.created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function findOpenInvitation(
  db: Executor,
  accountId: string,
  email: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('canceled_at', 'is', null)
    .executeTakeFirst();
}

/** An invitation of the team by id, locked until the transaction ends. */
export async function findInvitationForUpdate(
  db: Executor,
  accountId: string,
  id: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function createInvitation(
  db: Executor,
  values: {
    accountId: string;
    roleId: string;
    email: string;
    secretHash: string;
    invitedBy: string;
    ttlDays: number;
  },
): Promise<{ id: string; expiresAt: Date }> {
  const row = await db
    .insertInto('invitations')
    .values({
      account_id: values.accountId,
      role_id: values.roleId,
      email: values.email,
      secret_hash: values.secretHash,
      invited_by: values.invitedBy,
      expires_at: sql<Date>`now() + make_interval(days => ${values.ttlDays})`,
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, expiresAt: row.expires_at };
}

/** A new secret and expiry: the link sent before stops working. */
export async function renewInvitation(
  db: Executor,
  id: string,
  secretHash: string,
  ttlDays: number,
): Promise<Date> {
  const row = await db
    .updateTable('invitations')
    .set({ secret_hash: secretHash, expires_at: sql<Date>`now() + make_interval(days => ${ttlDays})` })
    .where('id', '=', id)
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return row.expires_at;
}

export async function cancelInvitation(db: Executor, id: string): Promise<void> {
  await db.updateTable('invitations').set({ canceled_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

export interface InvitationByLink extends InvitationRow {
  accountName: string;
  clientName: string;
  roleName: string;
  invitedByName: string | null;
  expired: boolean;
}

/** The invitation a link's secret opens (by its hash), with what the invitee is shown. */
export async function findInvitationBySecret(
  db: Executor,
  secretHash: string,
  lock = false,
): Promise<InvitationByLink | undefined> {
  const query = db
    .selectFrom('invitations as i')
    .innerJoin('accounts as a', 'a.id', 'i.account_id')
    .innerJoin('clients as c', 'c.id', 'a.client_id')
    .innerJoin('roles as r', 'r.id', 'i.role_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .where('i.secret_hash', '=', secretHash)
    .selectAll('i')
    .select([
      'a.name as accountName',
      'c.name as clientName',
      'r.name as roleName',
      'u.name as invitedByName',
      sql<boolean>`i.expires_at <= now()`.as('expired'),
    ]);
  return (lock ? query.forUpdate('i') : query).executeTakeFirst();
}

/** Marks it used; false when it already was (or was cancelled, or expired) — single use, atomically. */
export async function consumeInvitation(db: Executor, id: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ accepted_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('canceled_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
