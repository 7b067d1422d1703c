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
