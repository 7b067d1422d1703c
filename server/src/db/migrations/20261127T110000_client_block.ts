import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * docs/security.md "A blocked client stays blocked": the block for non-payment belongs to the client.
 * `clients.blocked` is the state a team created later takes; a client is blocked now when any of its teams
 * is.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('clients')
    .addColumn('blocked', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`
    update clients set blocked = true
    where exists (select 1 from accounts a where a.client_id = clients.id and a.blocked)`.execute(db);
  // Teams created while the client was blocked came out unblocked: they take the client's state.
  await sql`
    update accounts set blocked = true
    where not blocked and client_id in (select id from clients where blocked)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('clients').dropColumn('blocked').execute();
}
