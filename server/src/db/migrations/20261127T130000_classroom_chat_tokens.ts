import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * docs/security.md "A classroom registration cannot be taken over": a chat message needs the attendee's
 * registration for that live. Each registration gets a token (only its hash is kept); a message names its
 * author through it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('classroom_chat_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('participant_id', 'uuid', (c) =>
      c.notNull().references('classroom_participants.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('classroom_chat_tokens_participant')
    .on('classroom_chat_tokens')
    .columns(['participant_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('classroom_chat_tokens').execute();
}
