import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * A playback session counts as a viewer once its player fetched the live's manifest
 * (`media_at`), not for being issued (docs/playback.md "Audience bounds").
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('viewer_sessions').addColumn('media_at', 'timestamptz').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('viewer_sessions').dropColumn('media_at').execute();
}
