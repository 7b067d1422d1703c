import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * The classroom's speakers (name, role, avatar, in the order shown) and its agenda
 * (time and title), each a small bounded list written whole with the live (docs/classroom.md). The
 * classroom's cover and backgrounds are images of the live's `banners`, like its other images.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('live_streams')
    .addColumn('classroom_speakers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('classroom_agenda', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('live_streams')
    .dropColumn('classroom_speakers')
    .dropColumn('classroom_agenda')
    .execute();
}
