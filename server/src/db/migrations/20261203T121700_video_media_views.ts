import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * The VOD views whose player fetched the video's manifest (its marked URL): only those may like the
 * video (docs/analytics.md "Likes in the player").
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('video_media_views')
    .addColumn('video_id', 'uuid', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('view_key', 'text', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('video_media_views_pk', ['video_id', 'view_key'])
    .execute();
  await db.schema
    .createIndex('video_media_views_fetched')
    .on('video_media_views')
    .column('fetched_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('video_media_views').execute();
}
