import { type Kysely, sql } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` on purpose, never the current Database type.
// biome-ignore lint/suspicious/noExplicitAny: see above
type AnyDb = Kysely<any>;

const uuidPk = sql`gen_random_uuid()`;
const now = sql`now()`;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('clients')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('client_id', 'uuid', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('thumbnail', 'text')
    .addColumn('blocked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('accounts_client_id_idx').on('accounts').column('client_id').execute();
  // Staff list every account by name.
  await db.schema.createIndex('accounts_name_idx').on('accounts').column('name').execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('permissions', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('roles_account_name_key', ['account_id', 'name'])
    // Target of the memberships foreign key that keeps a member's role inside the member's account.
    .addUniqueConstraint('roles_id_account_key', ['id', 'account_id'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('login', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('can_manage_teams_users', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('default_account_id', 'uuid', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('root_directory', 'text')
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('users_login_lowercase', sql`login = lower(login)`)
    .execute();
  await db.schema.createIndex('users_default_account_idx').on('users').column('default_account_id').execute();

  await db.schema
    .createTable('memberships')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('role_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('memberships_pkey', ['user_id', 'account_id'])
    .addForeignKeyConstraint('memberships_role_fkey', ['role_id', 'account_id'], 'roles', [
      'id',
      'account_id',
    ])
    .execute();
  await db.schema.createIndex('memberships_account_idx').on('memberships').column('account_id').execute();
  await db.schema.createIndex('memberships_role_idx').on('memberships').column('role_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  // Counting a user's recent requests (mail throttle) and voiding the open ones.
  await db.schema
    .createIndex('password_resets_user_created_idx')
    .on('password_resets')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('login_failures_login_at_idx')
    .on('login_failures')
    .columns(['login', 'at'])
    .execute();
  // The periodic purge of stale rows across all logins.
  await db.schema.createIndex('login_failures_at_idx').on('login_failures').column('at').execute();

  // One row per login: the team chosen belongs to that login, so a new login (another device, or
  // after signing out) asks again while the others keep their own choice.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('selected_account_id', 'uuid', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
  // For the ON DELETE SET NULL of an account.
  await db.schema
    .createIndex('sessions_selected_account_idx')
    .on('sessions')
    .column('selected_account_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'sessions',
    'login_failures',
    'password_resets',
    'memberships',
    'users',
    'roles',
    'accounts',
    'clients',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
