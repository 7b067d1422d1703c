import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/** Invitations into a team (docs/api-admin.md "Invitations"): only sha256 of the link's secret is kept. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('role_id', 'uuid', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('canceled_at', 'timestamptz')
    // The role stays inside the invitation's team, like a membership's; a role in use cannot go.
    .addForeignKeyConstraint('invitations_role_fkey', ['role_id', 'account_id'], 'roles', [
      'id',
      'account_id',
    ])
    .execute();
  // One open invitation per address and team: a second one is a resend.
  await sql`create unique index invitations_open_key on invitations (account_id, email)
    where accepted_at is null and canceled_at is null`.execute(db);
  await db.schema.createIndex('invitations_role_idx').on('invitations').column('role_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('invitations').execute();
}
