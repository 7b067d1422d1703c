import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * Every change to a team's live streams NOTIFYs `palco_lives` with the team's id after commit, so each
 * instance can drop the pages of the stream list it kept for that team (docs/server.md "The live-stream
 * list"); a TRUNCATE notifies `*` (everything). The list reads nothing else: its total comes from
 * `live_stream_counts`, which the triggers of live_streams keep in the same transaction, and a
 * recording's status reaches the stream's row through a trigger of videos. PostgreSQL folds identical
 * notifications of one transaction into one.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`CREATE FUNCTION palco_lives_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        PERFORM pg_notify('palco_lives', '*');
        RETURN NULL;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM pg_notify('palco_lives', OLD.account_id::text);
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM pg_notify('palco_lives', NEW.account_id::text);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER palco_lives_rows AFTER INSERT OR UPDATE OR DELETE ON live_streams
    FOR EACH ROW EXECUTE FUNCTION palco_lives_changed()`.execute(db);
  await sql`CREATE TRIGGER palco_lives_truncate AFTER TRUNCATE ON live_streams
    FOR EACH STATEMENT EXECUTE FUNCTION palco_lives_changed()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`DROP TRIGGER palco_lives_truncate ON live_streams`.execute(db);
  await sql`DROP TRIGGER palco_lives_rows ON live_streams`.execute(db);
  await sql`DROP FUNCTION palco_lives_changed()`.execute(db);
}
