import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

const now = sql`now()`;

/** The browser studio's guest links and guests (docs/studio.md "Studio page and guests"). */
export async function up(db: AnyDb): Promise<void> {
  // A guest link: the signed token names this row, which revokes it (the token itself carries the expiry).
  await db.schema
    .createTable('studio_guest_links')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('live_id', 'uuid', (c) => c.notNull().references('live_streams.id').onDelete('cascade'))
    .addColumn('created_by', 'uuid')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE INDEX studio_guest_links_live_idx ON studio_guest_links (live_id, created_at)`.execute(db);

  // A guest who opened a link: waiting → admitted | removed (left: removed too). Kept in the database so
  // that every instance sees the same waiting room.
  await db.schema
    .createTable('studio_guests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('live_id', 'uuid', (c) => c.notNull().references('live_streams.id').onDelete('cascade'))
    .addColumn('link_id', 'uuid', (c) => c.notNull().references('studio_guest_links.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`ALTER TABLE studio_guests ADD CONSTRAINT studio_guests_status_check CHECK (status IN ('waiting', 'admitted', 'removed'))`.execute(
    db,
  );
  await sql`CREATE INDEX studio_guests_live_idx ON studio_guests (live_id, status, created_at)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('studio_guests').execute();
  await db.schema.dropTable('studio_guest_links').execute();
}
