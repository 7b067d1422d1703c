import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/** The account websocket (docs/realtime.md): per-account event ids across instances, and each team's FPS
 * limit for the high-FPS alert. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('realtime_counters')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('last_id', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('fps_limit', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('fps_limit').execute();
  await db.schema.dropTable('realtime_counters').execute();
}
