import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * Integrations (docs/integrations.md). A team's connections to third parties (tokens sealed), the OAuth
 * states of authorisations in progress, and the items imported from them (one row per provider item and team,
 * which makes an import idempotent).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('integration_connections')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('external_account_id', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('access_token_enc', 'text')
    .addColumn('refresh_token_enc', 'text')
    .addColumn('secret_enc', 'text')
    .addColumn('token_expires_at', 'timestamptz')
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active_import', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deauthorized', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('folder_id', 'uuid', (c) => c.references('directories.id').onDelete('set null'))
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('last_polled_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('integration_connections_account_provider_external', [
      'account_id',
      'provider',
      'external_account_id',
    ])
    .execute();
  await db.schema
    .createIndex('integration_connections_external')
    .on('integration_connections')
    .columns(['provider', 'external_account_id'])
    .execute();

  await db.schema
    .createTable('oauth_states')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('state_hash', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('pt-BR'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('oauth_states_expires').on('oauth_states').column('expires_at').execute();

  await db.schema
    .createTable('integration_imports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('connection_id', 'uuid', (c) =>
      c.references('integration_connections.id').onDelete('set null'),
    )
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('queued').check(sql`status IN ('queued', 'downloading', 'imported', 'failed')`),
    )
    .addColumn('video_id', 'uuid', (c) => c.references('videos.id').onDelete('set null'))
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('integration_imports_once', ['account_id', 'source', 'external_id'])
    .execute();
  await db.schema
    .createIndex('integration_imports_connection')
    .on('integration_imports')
    .columns(['connection_id', 'status'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('integration_imports').execute();
  await db.schema.dropTable('oauth_states').execute();
  await db.schema.dropTable('integration_connections').execute();
}
