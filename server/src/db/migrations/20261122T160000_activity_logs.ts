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
    .addCheckConstraint('activity_logs_record_is_list', sql`jsonb_typeof(record) = 'array'`)
    .execute();

  // GET /v1/logs (docs/api-logs.md "Performance"). Every page is ordered by (created_at, id), newest or
  // oldest first (a btree serves both directions), inside one account, one client or all of them.
  await sql`CREATE INDEX activity_logs_account_time_idx ON activity_logs (account_id, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX activity_logs_client_time_idx ON activity_logs (client_id, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX activity_logs_time_idx ON activity_logs (created_at DESC, id DESC)`.execute(db);
  // Searches match from the start, any letter case: `lower(col) LIKE 'prefix%'` is a range scan on a
  // text_pattern_ops index whatever the database collation, and it finds the few distinct values a
  // search stands for (a loose index scan). For one value, (created_at, id) after it is the page order:
  // the page and the count walk that value's slice of the date range and nothing else. The planner
  // picks between these and the time index above (a common search: walk newest first and filter).
  await sql`CREATE INDEX activity_logs_account_email_idx ON activity_logs (account_id, lower(actor_email) text_pattern_ops, created_at, id)`.execute(
    db,
  );
  await sql`CREATE INDEX activity_logs_account_name_idx ON activity_logs (account_id, lower(actor_name) text_pattern_ops, created_at, id)`.execute(
    db,
  );
  await sql`CREATE INDEX activity_logs_account_identifier_idx ON activity_logs (account_id, lower(identifier) text_pattern_ops, created_at, id)`.execute(
    db,
  );
  // Deleting a user sets actor_id to null in their entries (the copied name and e-mail stay).
  await sql`CREATE INDEX activity_logs_actor_idx ON activity_logs (actor_id) WHERE actor_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('activity_logs').execute();
}
