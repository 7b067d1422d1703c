import { queryOptions } from '@tanstack/react-query';
import { onWall, WALL_SOON_MS, wallOrder } from '../lib/wall';
import { listStreams } from './list-streams';
import type { Stream } from './stream';
import { streamingKey } from './stream';

/** Pages of scheduled lives read (oldest time first) at most, looking for the soon ones. */
const MAX_SCHEDULED_PAGES = 4;
const LIMIT = 50;

/** The monitoring wall's lives (src/features/streaming/lib/wall.ts): every live or paused one, and the
 * scheduled ones whose time is near, through GET /v1/live-streams. Under the 'list' key, so a status
 * event that refreshes the lists refreshes the wall. */
export async function listWall(now = Date.now()): Promise<Stream[]> {
  const base = { page: 1, limit: LIMIT, shutdown: false };
  const running = await listStreams({ ...base, sort: 'date,desc', status: 'live,paused' });
  const streams = [...running.items];
  for (let page = 1; page <= MAX_SCHEDULED_PAGES; page++) {
    const scheduled = await listStreams({ ...base, page, sort: 'date,asc', status: 'scheduled' });
    streams.push(...scheduled.items);
    const last = scheduled.items.at(-1);
    const pastSoon = last && Date.parse(last.scheduledStartTime) > now + WALL_SOON_MS;
    if (pastSoon || page >= scheduled.pagination.pagesTotal) break;
  }
  return wallOrder(streams.filter((s) => onWall(s, now)));
}

export const wallQueryOptions = () =>
  queryOptions({ queryKey: streamingKey('list', 'wall'), queryFn: () => listWall() });
