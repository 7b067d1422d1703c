import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

const now = sql`now()`;

/** A team's overlays, images and texts placed over the player, and which are on per live
 * (docs/classroom.md "Overlays"). */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('overlays')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('image', 'text')`))
    .addColumn('text', 'text')
    .addColumn('image', 'jsonb')
    .addColumn('position', 'text', (c) =>
      c.notNull().check(sql`position in ('top-left', 'top-right', 'bottom-left', 'bottom-right', 'center')`),
    )
    .addColumn('width_percent', 'integer', (c) => c.notNull().check(sql`width_percent between 5 and 100`))
    .addColumn('color', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE INDEX overlays_account_idx ON overlays (account_id, created_at, id)`.execute(db);

  await db.schema
    .createTable('live_stream_overlays')
    .addColumn('live_id', 'uuid', (c) => c.notNull().references('live_streams.id').onDelete('cascade'))
    .addColumn('overlay_id', 'uuid', (c) => c.notNull().references('overlays.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('live_stream_overlays_pkey', ['live_id', 'overlay_id'])
    .execute();
  // Deleting an overlay finds the lives that showed it.
  await sql`CREATE INDEX live_stream_overlays_overlay_idx ON live_stream_overlays (overlay_id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('live_stream_overlays').execute();
  await db.schema.dropTable('overlays').execute();
}
