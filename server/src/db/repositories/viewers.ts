import type { StreamStatus } from '../../db/tables/streams.ts';
import type { Executor } from '../schema.ts';

/** What the public viewer side needs of a live: its team and state. No account check: the id is public. */
export async function findLiveForViewers(
  db: Executor,
  id: string,
): Promise<{ id: string; account_id: string; status: StreamStatus; nome: string } | undefined> {
  return db
    .selectFrom('live_streams')
    .select(['id', 'account_id', 'status', 'nome'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The last viewer count published for a live (0 when none was). */
export async function publishedViewerCount(db: Executor, liveId: string): Promise<number> {
  const row = await db
    .selectFrom('live_viewer_counts')
    .select('total')
    .where('live_id', '=', liveId)
    .executeTakeFirst();
  return row?.total ?? 0;
}
