import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/** A chat message the live's host sent from the studio (docs/studio.md "The host in the chat"). */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('classroom_messages')
    .addColumn('host', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('classroom_messages').dropColumn('host').execute();
}
