import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

const now = sql`now()`;

// Letters with the accents of Portuguese, Spanish and French, and their plain letters: the search key
// is `lower(translate(nome, ACCENTED, PLAIN))`, so "conferencia" finds "Conferência". (No unaccent
// extension in the embedded database; translate is immutable, so a generated column can use it.)
const ACCENTED = 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñÝýÿ';
const PLAIN = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy';

export async function up(db: AnyDb): Promise<void> {
  // Columns for what the library filters and sorts by; JSONB for the nested groups that are always read
  // and written whole (transcode, security, ads, studio, banners, signals).
  await db.schema
    .createTable('live_streams')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('nome', 'text', (c) => c.notNull())
    .addColumn('search_name', 'text', (c) =>
      c
        .notNull()
        .generatedAlwaysAs(sql.raw(`lower(translate(nome, '${ACCENTED}', '${PLAIN}'))`))
        .stored(),
    )
    .addColumn('descricao', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('scheduled').check(sql`status in ('scheduled', 'live', 'paused', 'finished')`),
    )
    .addColumn('scheduled_start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('studio', 'encoder')`))
    .addColumn('latency', 'text', (c) => c.notNull().check(sql`latency in ('default', 'low', 'ultraLow')`))
    .addColumn('auto_start', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('auto_cuts', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('player_color', 'text', (c) => c.notNull())
    .addColumn('transcode', 'jsonb', (c) => c.notNull())
    .addColumn('security', 'jsonb', (c) => c.notNull())
    .addColumn('ads', 'jsonb', (c) => c.notNull())
    .addColumn('studio', 'jsonb', (c) => c.notNull())
    .addColumn('banners', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('analytics_measurement_id', 'text')
    .addColumn('stream_key', 'text', (c) => c.notNull().unique())
    .addColumn('signals', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // One account's streams by date (every status). The embedded database has no autovacuum, so there may
  // never be statistics: each list query has an index whose order and predicate fit it exactly, so the
  // planner needs none to pick it.
  await sql`CREATE INDEX live_streams_account_date_idx ON live_streams (account_id, scheduled_start_time DESC, id DESC)`.execute(
    db,
  );
  // The library's default view (shutdown=false): the streams that are not finished, by date.
  await sql`CREATE INDEX live_streams_active_date_idx ON live_streams (account_id, scheduled_start_time DESC, id DESC) WHERE status <> 'finished'`.execute(
    db,
  );
  // The status tabs (Live, Scheduled) and the history (finished), by date.
  await sql`CREATE INDEX live_streams_account_status_date_idx ON live_streams (account_id, status, scheduled_start_time DESC, id DESC)`.execute(
    db,
  );
  // Sorting by name, in any letter case.
  await sql`CREATE INDEX live_streams_account_name_idx ON live_streams (account_id, lower(nome), id)`.execute(
    db,
  );

  // How many streams each account has in each status, kept by triggers in the writing transaction: the
  // library's total (pagination) without counting thousands of rows on every page. Statement-level
  // triggers see a bulk insert (the CSV batch) as one change; rows are touched in (account, status)
  // order so concurrent writers lock them in the same order.
  await db.schema
    .createTable('live_stream_counts')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_stream_counts_pkey', ['account_id', 'status'])
    .execute();
  await sql`
    CREATE FUNCTION live_stream_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO live_stream_counts (account_id, status, n)
        SELECT account_id, status, count(*) FROM new_rows GROUP BY account_id, status ORDER BY account_id, status
        ON CONFLICT (account_id, status) DO UPDATE SET n = live_stream_counts.n + excluded.n;
      RETURN NULL;
    END $$`.execute(db);
  // Deletions only lower existing counts (an account being deleted has already lost its rows).
  await sql`
    CREATE FUNCTION live_stream_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE live_stream_counts c SET n = c.n - d.n
        FROM (SELECT account_id, status, count(*) AS n FROM old_rows GROUP BY account_id, status) d
        WHERE c.account_id = d.account_id AND c.status = d.status;
      RETURN NULL;
    END $$`.execute(db);
  // An update that changes no status writes nothing here.
  await sql`
    CREATE FUNCTION live_stream_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO live_stream_counts (account_id, status, n)
        SELECT account_id, status, sum(d) FROM (
          SELECT account_id, status, 1 AS d FROM new_rows
          UNION ALL
          SELECT account_id, status, -1 AS d FROM old_rows
        ) moves
        GROUP BY account_id, status HAVING sum(d) <> 0 ORDER BY account_id, status
        ON CONFLICT (account_id, status) DO UPDATE SET n = live_stream_counts.n + excluded.n;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER live_stream_counts_insert AFTER INSERT ON live_streams
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_stream_counts_add()`.execute(
    db,
  );
  await sql`CREATE TRIGGER live_stream_counts_delete AFTER DELETE ON live_streams
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION live_stream_counts_remove()`.execute(
    db,
  );
  await sql`CREATE TRIGGER live_stream_counts_update AFTER UPDATE ON live_streams
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_stream_counts_move()`.execute(
    db,
  );

  // The account's general settings: defaults for new streams.
  await db.schema
    .createTable('live_stream_presets')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('live_stream_presets').execute();
  await db.schema.dropTable('live_streams').execute();
  await db.schema.dropTable('live_stream_counts').execute();
  await sql`DROP FUNCTION live_stream_counts_add, live_stream_counts_remove, live_stream_counts_move`.execute(
    db,
  );
}
