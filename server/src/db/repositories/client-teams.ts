import { sql } from 'kysely';
import type { Executor } from '../schema.ts';

/** A team of a client as the /teams page shows it. */
export interface ClientTeam {
  id: string;
  name: string;
  thumbnail: string | null;
  blocked: boolean;
  createdAt: Date;
  membersCount: number;
}

function teamsOfClient(db: Executor, clientId: string) {
  return db
    .selectFrom('accounts as a')
    .where('a.client_id', '=', clientId)
    .select((eb) => [
      'a.id as id',
      'a.name as name',
      'a.thumbnail as thumbnail',
      'a.blocked as blocked',
      'a.created_at as createdAt',
      eb
        .selectFrom('memberships as m')
        .whereRef('m.account_id', '=', 'a.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('membersCount'),
    ]);
}

const counted = (row: Omit<ClientTeam, 'membersCount'> & { membersCount: number | null }): ClientTeam => ({
  ...row,
  membersCount: Number(row.membersCount ?? 0),
});

/** Every team of a client, by name. */
export async function listClientTeams(db: Executor, clientId: string): Promise<ClientTeam[]> {
  const rows = await teamsOfClient(db, clientId).orderBy(sql`lower(a.name)`).orderBy('a.id').execute();
  return rows.map(counted);
}

/** One team, only if it belongs to the client (another client's team is as unknown as a missing one). */
export async function findClientTeam(
  db: Executor,
  clientId: string,
  teamId: string,
): Promise<ClientTeam | undefined> {
  const row = await teamsOfClient(db, clientId).where('a.id', '=', teamId).executeTakeFirst();
  return row && counted(row);
}

/**
 * Whether another team of the client already has the name (any case). The client's row is locked
 * first, so two creations or renames to one name take turns and the second sees the first.
 */
export async function teamNameTaken(
  trx: Executor,
  clientId: string,
  name: string,
  exceptTeamId?: string,
): Promise<boolean> {
  await trx.selectFrom('clients').select('id').where('id', '=', clientId).forUpdate().execute();
  let query = trx
    .selectFrom('accounts')
    .select('id')
    .where('client_id', '=', clientId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptTeamId) query = query.where('id', '!=', exceptTeamId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * A new team of the client whose first member is its creator, under a role of the new team holding
 * `permissions` (roles belong to a team: the new team starts with this one).
 */
export async function insertClientTeam(
  trx: Executor,
  team: { clientId: string; name: string; creatorId: string; roleName: string; permissions: string[] },
): Promise<string> {
  const account = await trx
    .insertInto('accounts')
    .values((eb) => ({
      client_id: team.clientId,
      name: team.name,
      thumbnail: null,
      // A blocked client's new team is blocked too: the block is the client's (docs/billing.md).
      blocked: eb.selectFrom('clients').select('blocked').where('id', '=', team.clientId),
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await trx
    .insertInto('roles')
    .values({ account_id: account.id, name: team.roleName, permissions: team.permissions })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('memberships')
    .values({ account_id: account.id, user_id: team.creatorId, role_id: role.id })
    .execute();
  return account.id;
}

export async function updateClientTeam(
  db: Executor,
  teamId: string,
  changes: { name?: string; thumbnail?: string | null },
): Promise<void> {
  await db.updateTable('accounts').set(changes).where('id', '=', teamId).execute();
}
