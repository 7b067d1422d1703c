import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('activity_logs')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('account_id', 'uuid', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('client_id', 'uuid', (c) => c.references('clients.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('record', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('actor_avatar', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  // The page of one account in a date window, newest (or oldest) first.
  await sql`CREATE INDEX activity_logs_account_time_idx ON activity_logs (account_id, created_at DESC, id DESC)`.execute(
    db,
  );
  // Staff looking across accounts.
  await sql`CREATE INDEX activity_logs_time_idx ON activity_logs (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX activity_logs_actor_idx ON activity_logs (actor_id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('activity_logs').execute();
}
