import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * Usage metering and billing (docs/billing.md): raw usage records, their per-day sums, and the plan of
 * each client. Days are UTC calendar days kept as 'YYYY-MM-DD' text: a `date` column comes back as a
 * local-midnight Date from one driver and as a string from the other.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('usage_events')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('usage_events_pk', ['account_id', 'source_key'])
    .execute();
  await db.schema.createIndex('usage_events_day').on('usage_events').columns(['day', 'account_id']).execute();

  await db.schema
    .createTable('usage_daily')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_daily_pk', ['account_id', 'day', 'metric'])
    .execute();

  await db.schema
    .createTable('client_plans')
    .addColumn('client_id', 'uuid', (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('quotas', 'jsonb', (c) => c.notNull())
    .addColumn('prices', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('client_plans').execute();
  await db.schema.dropTable('usage_daily').execute();
  await db.schema.dropTable('usage_events').execute();
}
