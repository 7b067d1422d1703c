// The dashboard over a full 30-minute window for bench/analytics.ts. A run of two minutes leaves two
// minutes of buckets; the live charts read the last 30 (the summary reads the whole live). After the
// figures were checked against the ground truth, the live's buckets are copied back in time, run
// after run, until 30 minutes hold buckets (every dimension value, as the run wrote them), and the
// dashboard is loaded again; then until 3 hours do, and the summary is read again. Beacons
// cannot make that history (the writer moves events far from now to the time they arrive), so the
// rows are written in the database: through `pg` on PostgreSQL; on PGlite, with the server stopped,
// by opening its files here (then the server starts again on them).
import { join } from 'node:path';
import pg from 'pg';

export const WINDOW_MS = 30 * 60_000;
const BUCKET_MS = 10_000;

type Query = (sql: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** The run's own buckets: from its first to its last (copies go before the first). */
export interface RunSpan {
  first: string;
  spanMs: number;
}

/** Fills `windowMs` before the live's first bucket of the run with copies of the run's buckets;
 * answers how many bucket rows (every dimension) and 10 s buckets the live then has in that window. */
async function seed(
  query: Query,
  liveId: string,
  windowMs: number,
  run: RunSpan | null,
): Promise<{ rows: number; buckets: number; run: RunSpan }> {
  const columns = (
    await query(
      `select column_name from information_schema.columns where table_name = 'analytics_buckets' order by ordinal_position`,
      [],
    )
  ).rows.map((r) => String(r.column_name));
  if (!run) {
    const span = (
      await query(`select min(t) as first, max(t) as last from analytics_buckets where subject_id = $1`, [
        liveId,
      ])
    ).rows[0]!;
    const first = new Date(span.first as string).getTime();
    run = {
      first: new Date(first).toISOString(),
      spanMs: new Date(span.last as string).getTime() - first + BUCKET_MS,
    };
  }
  const select = columns
    .map((c) =>
      c === 't'
        ? `t - make_interval(secs => $2)`
        : c === 'updated_at'
          ? `updated_at - interval '1 hour'`
          : `"${c}"`,
    )
    .join(', ');
  for (let k = 1; k * run.spanMs < windowMs + run.spanMs; k++) {
    await query(
      `insert into analytics_buckets (${columns.map((c) => `"${c}"`).join(', ')})
       select ${select} from analytics_buckets where subject_id = $1 and t >= $3
       on conflict do nothing`,
      [liveId, (k * run.spanMs) / 1000, run.first],
    );
  }
  const count = (
    await query(
      `select count(*)::int as n, count(distinct t)::int as buckets from analytics_buckets
       where subject_id = $1 and t >= now() - make_interval(secs => $2)`,
      [liveId, windowMs / 1000],
    )
  ).rows[0]!;
  return { rows: Number(count.n), buckets: Number(count.buckets), run };
}

export async function seedOnPostgres(url: string, liveId: string, windowMs: number, run: RunSpan | null) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await seed((sql, params) => client.query(sql, params), liveId, windowMs, run);
  } finally {
    await client.end();
  }
}

/** PGlite's files under the server's DATA_DIR (server/src/db/database.ts); the server must be stopped. */
export async function seedOnPglite(dataDir: string, liveId: string, windowMs: number, run: RunSpan | null) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(join(dataDir, 'pglite'));
  try {
    return await seed((sql, params) => db.query(sql, params), liveId, windowMs, run);
  } finally {
    await db.close();
  }
}
