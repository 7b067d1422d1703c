import type { QueryClient } from '@tanstack/react-query';
import { i18n } from '@/lib/i18n';
import { prefetchForVisit } from '@/lib/query-client';
import type { Session } from '@/lib/session';
import { loadTemporal } from '@/lib/temporal';
import { eventTypesQueryOptions } from '../api/list-event-types';
import { logsQueryOptions } from '../api/list-logs';
import { buildLogsQuery, viewerOf } from './query';
import { effectiveRange, timeZone, today } from './range';
import type { RecordsSearch } from './search';

/** The /records loader's work (imported on demand, so none of it weighs on the first load): Temporal is
 * ready before the page renders, and the entries and labels start loading. Not awaited: the page shows
 * its skeleton rows meanwhile. */
export async function prefetchRecords(
  { queryClient, auth }: { queryClient: QueryClient; auth: Session },
  search: RecordsSearch,
) {
  await loadTemporal();
  const query = buildLogsQuery(search, viewerOf(auth.get()), effectiveRange(search, today()), timeZone());
  void prefetchForVisit(queryClient, logsQueryOptions(query));
  void prefetchForVisit(queryClient, eventTypesQueryOptions(i18n.locale));
}
