import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * A current viewer's breakdown values (system, state, network provider, CDN) and status travel with its
 * session row, so the analytics ticker counts viewers by breakdown from viewer_sessions alone. It joined
 * playback_views, which keeps every view ever played: PostgreSQL hashed the whole table every tick
 * (1.2 s every 2 s with 2 million past views and 60,000 viewers; docs/analytics.md "Pipeline").
 * `status` null: the view's row is not written yet. Sessions already there take their view's values.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('viewer_sessions')
    .addColumn('os', 'text')
    .addColumn('state', 'text')
    .addColumn('provider', 'text')
    .addColumn('cdn', 'text')
    .addColumn('status', 'text')
    .execute();
  await sql`UPDATE viewer_sessions s SET os = v.os, state = v.state, provider = v.provider, cdn = v.cdn,
    status = v.status FROM playback_views v WHERE v.session_id = s.session_id`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('viewer_sessions')
    .dropColumn('os')
    .dropColumn('state')
    .dropColumn('provider')
    .dropColumn('cdn')
    .dropColumn('status')
    .execute();
}
