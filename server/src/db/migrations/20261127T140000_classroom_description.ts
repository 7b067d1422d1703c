import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * The classroom's description is a public text of its own; the stream's `descricao`
 * is the team's internal note and never leaves the console (docs/classroom.md).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('live_streams').addColumn('classroom_description', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('live_streams').dropColumn('classroom_description').execute();
}
