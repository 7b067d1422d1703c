import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * Simulcast (docs/integrations.md "Simulcast"). One row per live and connected YouTube channel or Facebook
 * Page it is pushed to: the provider's broadcast / live video, where the program goes (sealed: the URL holds
 * the stream key), and the state the live's panel shows.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('simulcast_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('stream_id', 'uuid', (c) => c.notNull().references('live_streams.id').onDelete('cascade'))
    .addColumn('connection_id', 'uuid', (c) =>
      c.references('integration_connections.id').onDelete('set null'),
    )
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider IN ('youtube', 'facebook')`))
    .addColumn('state', 'text', (c) =>
      c.notNull().defaultTo('starting').check(sql`state IN ('starting', 'live', 'ended', 'failed')`),
    )
    .addColumn('external_id', 'text')
    .addColumn('external_stream_id', 'text')
    .addColumn('ingest_url_enc', 'text')
    .addColumn('watch_url', 'text')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .addUniqueConstraint('simulcast_sessions_once', ['stream_id', 'connection_id'])
    .execute();
  await db.schema
    .createIndex('simulcast_sessions_open')
    .on('simulcast_sessions')
    .column('state')
    .where(sql.ref('state'), '<>', 'ended')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('simulcast_sessions').execute();
}
