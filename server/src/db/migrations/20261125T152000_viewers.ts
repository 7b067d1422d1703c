import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * docs/playback.md "Beacons" and "Viewer counts": player beacons stored raw for later aggregation, the
 * sessions watching each live (for viewer counts), and the last count published per live.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('playback_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // No foreign keys to lives and videos: their telemetry outlives them, for the analytics.
    .addColumn('live_id', 'uuid')
    .addColumn('video_id', 'uuid')
    .addColumn('viewer_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('rendition', 'text')
    .addColumn('bitrate_kbps', 'integer')
    .addColumn('startup_ms', 'integer')
    .addColumn('rebuffer_ms', 'integer')
    .addColumn('error_code', 'text')
    .addColumn('device', 'text')
    .addColumn('os', 'text')
    .addColumn('browser', 'text')
    .addColumn('browser_version', 'text')
    .addColumn('country', 'text')
    .addColumn('region', 'text')
    .addColumn('cmcd', 'jsonb')
    .execute();
  await db.schema
    .createIndex('playback_events_live_at')
    .on('playback_events')
    .columns(['live_id', 'at'])
    .execute();
  await db.schema
    .createIndex('playback_events_video_at')
    .on('playback_events')
    .columns(['video_id', 'at'])
    .execute();
  await db.schema
    .createIndex('playback_events_account_at')
    .on('playback_events')
    .columns(['account_id', 'at'])
    .execute();

  await db.schema
    .createTable('viewer_sessions')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('live_id', 'uuid', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createIndex('viewer_sessions_live_seen')
    .on('viewer_sessions')
    .columns(['live_id', 'last_seen_at'])
    .execute();

  await db.schema
    .createTable('live_viewer_counts')
    .addColumn('live_id', 'uuid', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('live_viewer_counts').execute();
  await db.schema.dropTable('viewer_sessions').execute();
  await db.schema.dropTable('playback_events').execute();
}
