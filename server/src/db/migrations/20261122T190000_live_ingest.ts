import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * RTMP ingest (docs/api-streams.md "Ingest"): a publish is accepted by a signal's key, so keys are
 * looked up inside the `signals` JSONB; a finished stream's live-to-VOD recording becomes a video.
 */
export async function up(db: AnyDb): Promise<void> {
  // `signals @> '[{"key": …}]'` finds the stream a publishing encoder belongs to.
  await sql`CREATE INDEX live_streams_signals_idx ON live_streams USING gin (signals jsonb_path_ops)`.execute(
    db,
  );
  await db.schema
    .alterTable('live_streams')
    .addColumn('recording_video_id', 'uuid', (c) => c.references('videos.id').onDelete('set null'))
    .addColumn('recording_status', 'text', (c) =>
      c.check(sql`recording_status in ('processing', 'ready', 'failed')`),
    )
    .execute();
  await sql`CREATE INDEX live_streams_recording_video_idx ON live_streams (recording_video_id) WHERE recording_video_id IS NOT NULL`.execute(
    db,
  );
  // The recording's state follows its video: the transcode job moves the video to ready or failed.
  await sql`
    CREATE FUNCTION live_streams_recording_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE live_streams SET recording_status = NEW.status WHERE recording_video_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER live_streams_recording_follow AFTER UPDATE OF status ON videos
      FOR EACH ROW WHEN (NEW.status IN ('ready', 'failed') AND OLD.status IS DISTINCT FROM NEW.status)
      EXECUTE FUNCTION live_streams_recording_follow()`.execute(db);
  // A deleted recording video leaves no recording ("unavailable"), whatever state it was in.
  await sql`
    CREATE FUNCTION live_streams_recording_forget() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE live_streams SET recording_status = NULL, recording_video_id = NULL WHERE recording_video_id = OLD.id;
      RETURN OLD;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER live_streams_recording_forget BEFORE DELETE ON videos
      FOR EACH ROW EXECUTE FUNCTION live_streams_recording_forget()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS live_streams_recording_forget ON videos`.execute(db);
  await sql`DROP FUNCTION IF EXISTS live_streams_recording_forget()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS live_streams_recording_follow ON videos`.execute(db);
  await sql`DROP FUNCTION IF EXISTS live_streams_recording_follow()`.execute(db);
  await sql`DROP INDEX IF EXISTS live_streams_recording_video_idx`.execute(db);
  await db.schema
    .alterTable('live_streams')
    .dropColumn('recording_status')
    .dropColumn('recording_video_id')
    .execute();
  await sql`DROP INDEX IF EXISTS live_streams_signals_idx`.execute(db);
}
