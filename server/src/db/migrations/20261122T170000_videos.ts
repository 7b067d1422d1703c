import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

const uuidPk = sql`gen_random_uuid()`;
const now = sql`now()`;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('directories')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('parent_id', 'uuid', (c) => c.references('directories.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // Sibling folders have distinct names; top-level folders (parent NULL) too.
  await sql`CREATE UNIQUE INDEX directories_sibling_name_key ON directories (account_id, parent_id, lower(name)) NULLS NOT DISTINCT`.execute(
    db,
  );
  await db.schema.createIndex('directories_parent_idx').on('directories').column('parent_id').execute();

  await db.schema
    .createTable('videos')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('directory_id', 'uuid', (c) => c.references('directories.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('awaiting_upload'))
    .addColumn('error', 'text')
    .addColumn('transcode_progress', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_seconds', 'double precision')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('renditions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('thumbnail_key', 'text')
    .addColumn('custom_thumbnail', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('end_screen_key', 'text')
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      'videos_status_check',
      sql`status IN ('awaiting_upload', 'uploading', 'processing', 'ready', 'failed')`,
    )
    .execute();
  // The library page: one account (one folder), newest first.
  await sql`CREATE INDEX videos_account_created_idx ON videos (account_id, created_at DESC, id DESC)`.execute(
    db,
  );
  await db.schema.createIndex('videos_directory_idx').on('videos').column('directory_id').execute();
  // The processing modal: an account's recently active videos.
  await sql`CREATE INDEX videos_account_updated_idx ON videos (account_id, updated_at DESC)`.execute(db);

  // One row per video: the durable upload offset and the lease that serialises its writers.
  await db.schema
    .createTable('video_uploads')
    .addColumn('video_id', 'uuid', (c) => c.primaryKey().references('videos.id').onDelete('cascade'))
    .addColumn('total_bytes', 'bigint')
    .addColumn('offset_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('complete', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('lease_token', 'uuid')
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('video_uploads_offset_check', sql`offset_bytes >= 0`)
    .execute();

  await db.schema
    .createTable('video_subtitles')
    .addColumn('video_id', 'uuid', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('video_subtitles_pkey', ['video_id', 'language'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['video_subtitles', 'video_uploads', 'videos', 'directories']) {
    await db.schema.dropTable(table).execute();
  }
}
