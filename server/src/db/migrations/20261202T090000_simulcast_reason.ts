import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * Why a simulcast failed (docs/integrations.md "Simulcast"), as a code the live's panel says in the user's
 * language (`SIMULCAST_FAILURES` in contract/integrations.ts); `error` keeps the provider's English details.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('simulcast_sessions').addColumn('error_reason', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('simulcast_sessions').dropColumn('error_reason').execute();
}
