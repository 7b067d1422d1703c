import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * When the transcode of a video's current source began: null while the video waits in the transcode
 * queue, so that the library says "Na fila" instead of "Processando 0%" (docs/uploads.md "Queued
 * transcodes").
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('videos').addColumn('transcode_started_at', 'timestamptz').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('transcode_started_at').execute();
}
