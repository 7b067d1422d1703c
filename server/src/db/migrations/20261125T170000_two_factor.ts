import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/** Two-factor sign-in (docs/api-admin.md "Two-factor sign-in"): the TOTP secret is kept encrypted, recovery
 * codes only as keyed hashes. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_enabled_at', 'timestamptz')
    .addColumn('totp_last_step', 'integer')
    .addColumn('totp_recovery_hashes', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .dropColumn('totp_secret')
    .dropColumn('totp_pending_secret')
    .dropColumn('totp_enabled_at')
    .dropColumn('totp_last_step')
    .dropColumn('totp_recovery_hashes')
    .execute();
}
