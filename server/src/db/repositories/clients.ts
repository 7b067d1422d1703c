import { sql } from 'kysely';
import { containsPlain } from '../plain-search.ts';
import type { Executor } from '../schema.ts';

export interface ClientView {
  id: string;
  name: string;
}

export async function listClients(db: Executor): Promise<ClientView[]> {
  return db.selectFrom('clients').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

export async function findClientById(db: Executor, id: string): Promise<ClientView | undefined> {
  return db.selectFrom('clients').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export interface ClientOverview {
  id: string;
  name: string;
  accounts: Array<{ id: string; name: string; blocked: boolean; membersCount: number }>;
  usersCount: number;
}

/**
 * One page of clients by name, each with every team and the number of distinct users across them
 * (staff's /clients). `search` matches part of the client's or one of its teams' names, any case or
 * accent.
 */
export async function listClientOverviews(
  db: Executor,
  options: { search: string; page: number; limit: number },
): Promise<{ items: ClientOverview[]; total: number }> {
  let query = db.selectFrom('clients as c');
  if (options.search) {
    const search = options.search;
    query = query.where((eb) =>
      eb.or([
        containsPlain('c.name', search),
        eb.exists(
          eb
            .selectFrom('accounts as s')
            .select('s.id')
            .whereRef('s.client_id', '=', 'c.id')
            .where(containsPlain('s.name', search)),
        ),
      ]),
    );
  }
  const [clients, count] = await Promise.all([
    query
      .select((eb) => [
        'c.id as id',
        'c.name as name',
        eb
          .selectFrom('memberships as m')
          .innerJoin('accounts as ma', 'ma.id', 'm.account_id')
          .whereRef('ma.client_id', '=', 'c.id')
          .select(sql<number>`count(distinct m.user_id)::int`.as('n'))
          .as('usersCount'),
      ])
      .orderBy(sql`lower(c.name)`)
      .orderBy('c.id')
      .limit(options.limit)
      .offset((options.page - 1) * options.limit)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = clients.map((c) => c.id);
  const accounts = ids.length
    ? await db
        .selectFrom('accounts as a')
        .where('a.client_id', 'in', ids)
        .select((eb) => [
          'a.id as id',
          'a.client_id as clientId',
          'a.name as name',
          'a.blocked as blocked',
          eb
            .selectFrom('memberships as m')
            .whereRef('m.account_id', '=', 'a.id')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('membersCount'),
        ])
        .orderBy(sql`lower(a.name)`)
        .orderBy('a.id')
        .execute()
    : [];
  return {
    total: Number(count.n),
    items: clients.map((c) => ({
      id: c.id,
      name: c.name,
      usersCount: Number(c.usersCount ?? 0),
      accounts: accounts
        .filter((a) => a.clientId === c.id)
        .map((a) => ({
          id: a.id,
          name: a.name,
          blocked: a.blocked,
          membersCount: Number(a.membersCount ?? 0),
        })),
    })),
  };
}
