import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

const now = sql`now()`;

/** The classroom's attendees (POST /v1/studio/lives/participantes) and its chat. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('classroom_participants')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('live_id', 'uuid', (c) => c.notNull().references('live_streams.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // One row per attendee and class: registering again updates the name.
  await sql`CREATE UNIQUE INDEX classroom_participants_live_email_idx ON classroom_participants (live_id, lower(email))`.execute(
    db,
  );

  await db.schema
    .createTable('classroom_messages')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('live_id', 'uuid', (c) => c.notNull().references('live_streams.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE INDEX classroom_messages_live_idx ON classroom_messages (live_id, id)`.execute(db);
  // The per-attendee and per-address rate limits look back a few seconds.
  await sql`CREATE INDEX classroom_messages_email_idx ON classroom_messages (live_id, lower(email), created_at)`.execute(
    db,
  );
  await sql`CREATE INDEX classroom_messages_ip_idx ON classroom_messages (ip, created_at)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('classroom_messages').execute();
  await db.schema.dropTable('classroom_participants').execute();
}
