import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * A classroom registration cannot be taken over (docs/classroom.md "Registering an e-mail again"):
 * registering an e-mail already registered for a class needs a one-time code mailed to the address.
 * Each chat token keeps the name its browser registered with and whether its browser proved the e-mail
 * (only a proven token gets the viewer ID derived from the e-mail).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('classroom_chat_tokens')
    .addColumn('name', 'text')
    .addColumn('proven', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('classroom_email_codes')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('participant_id', 'uuid', (c) =>
      c.notNull().references('classroom_participants.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The per-e-mail and per-address bounds look back an hour.
  await sql`CREATE INDEX classroom_email_codes_participant_idx ON classroom_email_codes (participant_id, created_at)`.execute(
    db,
  );
  await sql`CREATE INDEX classroom_email_codes_ip_idx ON classroom_email_codes (ip, created_at)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('classroom_email_codes').execute();
  await db.schema.alterTable('classroom_chat_tokens').dropColumn('proven').dropColumn('name').execute();
}
