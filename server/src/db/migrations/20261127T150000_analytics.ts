import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * Audience analytics (docs/analytics.md "Pipeline"). The raw events get the new beacon fields and an
 * index for one viewer's timeline; one row per view; and 10-second buckets of additive counters per
 * live or video and dimension, which every instance adds into.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('playback_events')
    .addColumn('state', 'text')
    .addColumn('playing_ms', 'integer')
    .addColumn('rebuffering_ms', 'integer')
    .addColumn('paused_ms', 'integer')
    .addColumn('playhead', 'double precision')
    .addColumn('waited_ms', 'integer')
    .addColumn('cdn', 'text')
    .execute();
  await db.schema
    .createIndex('playback_events_session_at')
    .on('playback_events')
    .columns(['session_id', 'at'])
    .execute();
  await db.schema
    .createIndex('playback_events_received')
    .on('playback_events')
    .column('received_at')
    .execute();

  await db.schema
    .createTable('playback_views')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // Like playback_events: no foreign keys, the figures outlive the live or video.
    .addColumn('live_id', 'uuid')
    .addColumn('video_id', 'uuid')
    .addColumn('viewer_id', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('loading'))
    .addColumn('device', 'text')
    .addColumn('os', 'text')
    .addColumn('browser', 'text')
    .addColumn('browser_version', 'text')
    .addColumn('country', 'text')
    .addColumn('state', 'text')
    .addColumn('city', 'text')
    .addColumn('asn', 'integer')
    .addColumn('provider', 'text')
    .addColumn('cdn', 'text')
    .addColumn('rendition', 'text')
    .addColumn('startup_ms', 'integer')
    .addColumn('waited_ms', 'integer')
    .addColumn('error_code', 'text')
    .addColumn('playing_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rebuffer_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('paused_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rebuffer_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('playback_views_live_started')
    .on('playback_views')
    .columns(['live_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('playback_views_video_started')
    .on('playback_views')
    .columns(['video_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('playback_views_live_viewer')
    .on('playback_views')
    .columns(['live_id', 'viewer_id'])
    .execute();

  await db.schema
    .createTable('analytics_buckets')
    .addColumn('subject_id', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('t', 'timestamptz', (c) => c.notNull())
    .addColumn('dim', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('startup_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('playback_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ebvs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('startup_ms_sum', 'bigint', (c) => c.notNull().defaultTo(0))
    // Startup-time histogram: < 0.5 s, < 1 s, < 2 s, < 4 s, < 8 s, 8 s and more.
    .addColumn('startup_h0', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('startup_h1', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('startup_h2', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('startup_h3', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('startup_h4', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('startup_h5', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('playing_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rebuffer_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rebuffer_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('q240_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('q360_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('q480_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('q720_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('q1080_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    // Concurrent viewers: a gauge sampled every tick (the last sample and the bucket's highest).
    .addColumn('viewers', 'integer')
    .addColumn('viewers_peak', 'integer')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('analytics_buckets_pk', ['subject_id', 't', 'dim', 'value'])
    .execute();
  await db.schema
    .createIndex('analytics_buckets_updated')
    .on('analytics_buckets')
    .columns(['updated_at'])
    .execute();

  // One instance pushes each tick of a live: the guarded update of this row elects it.
  await db.schema
    .createTable('analytics_pushes')
    .addColumn('subject_id', 'uuid', (c) => c.primaryKey())
    .addColumn('pushed_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('analytics_pushes').execute();
  await db.schema.dropTable('analytics_buckets').execute();
  await db.schema.dropTable('playback_views').execute();
  await db.schema.dropIndex('playback_events_received').execute();
  await db.schema.dropIndex('playback_events_session_at').execute();
  await db.schema
    .alterTable('playback_events')
    .dropColumn('state')
    .dropColumn('playing_ms')
    .dropColumn('rebuffering_ms')
    .dropColumn('paused_ms')
    .dropColumn('playhead')
    .dropColumn('waited_ms')
    .dropColumn('cdn')
    .execute();
}
