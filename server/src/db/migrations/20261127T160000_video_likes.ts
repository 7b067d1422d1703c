import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/** Likes of a video from its players (docs/analytics.md "Likes in the player"), one per playback session. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('video_likes')
    .addColumn('video_id', 'uuid', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('video_likes_pk', ['video_id', 'session_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('video_likes').execute();
}
