import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/** docs/realtime.md "Auto start and auto cuts": when a signal of the stream last carried content (auto cuts
 * count from it, on any instance). */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('live_streams').addColumn('last_signal_at', 'timestamptz').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('live_streams').dropColumn('last_signal_at').execute();
}
