import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/** Automatic subtitles (docs/api-videos.md "Automatic subtitles"), one job row per request, at most one
 * unfinished per video. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('subtitle_jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('video_id', 'uuid', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('queued').check(sql`status IN ('queued', 'running', 'done', 'failed')`),
    )
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('engine', 'text')
    .addColumn('error', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The 409 "already running" holds under concurrent requests: the database refuses a second one.
  await sql`CREATE UNIQUE INDEX subtitle_jobs_one_unfinished ON subtitle_jobs (video_id)
    WHERE status IN ('queued', 'running')`.execute(db);
  await db.schema
    .createIndex('subtitle_jobs_account_updated')
    .on('subtitle_jobs')
    .columns(['account_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('subtitle_jobs_video_created')
    .on('subtitle_jobs')
    .columns(['video_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('subtitle_jobs').execute();
}
