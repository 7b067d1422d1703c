import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * Memberships and keys stay in their lane (docs/security.md "Memberships and keys stay in their lane"):
 * - the user-level "may manage team users" flag belongs to the client that granted it: it holds only in
 *   that client's teams. Existing flags are granted by the client of the user's default team.
 * - a webhook registered through an API key remembers the key: it stops with the key.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('manage_users_client_id', 'uuid', (c) => c.references('clients.id').onDelete('set null'))
    .execute();
  await sql`
    update users set manage_users_client_id = (
      select a.client_id from accounts a where a.id = users.default_account_id
    ) where can_manage_teams_users`.execute(db);
  await db.schema
    .alterTable('webhooks')
    .addColumn('api_key_id', 'uuid', (c) => c.references('api_keys.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('webhooks_api_key_idx').on('webhooks').column('api_key_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('webhooks_api_key_idx').execute();
  await db.schema.alterTable('webhooks').dropColumn('api_key_id').execute();
  await db.schema.alterTable('users').dropColumn('manage_users_client_id').execute();
}
