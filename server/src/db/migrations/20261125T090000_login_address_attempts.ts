import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/** Login attempts per client address (docs/security.md "Login throttling per client address": a password
 * spray goes over many logins from one place). */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('login_address_attempts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_address_attempts_address_at_idx')
    .on('login_address_attempts')
    .columns(['address', 'at'])
    .execute();
  // The periodic purge across all addresses.
  await db.schema
    .createIndex('login_address_attempts_at_idx')
    .on('login_address_attempts')
    .column('at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('login_address_attempts').execute();
}
