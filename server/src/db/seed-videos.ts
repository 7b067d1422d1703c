import type { Executor } from './schema.ts';

// Written out rather than imported: seed.ts imports this file (DEMO_ACCOUNTS there holds the same id).
const DEMO_PRODUCOES = 'a0000000-0000-4000-8000-000000000002';

// Fixed ids, like the rest of the demo data, so tests and the e2e suite can name them.
export const DEMO_DIRECTORIES = {
  aulas: {
    id: 'f0000000-0000-4000-8000-000000000001',
    accountId: DEMO_PRODUCOES,
    name: 'Aulas gravadas',
  },
  institucional: {
    id: 'f0000000-0000-4000-8000-000000000002',
    accountId: DEMO_PRODUCOES,
    name: 'Institucional',
  },
} as const;

/** Demo Produções gets two empty folders (videos come from uploads). */
export async function seedDemoVideoLibrary(trx: Executor): Promise<void> {
  await trx
    .insertInto('directories')
    .values(
      Object.values(DEMO_DIRECTORIES).map((d) => ({
        id: d.id,
        account_id: d.accountId,
        parent_id: null,
        name: d.name,
      })),
    )
    .execute();
}
