import type { QueryClient } from '@tanstack/react-query';
import { prefetchForVisit } from '@/lib/query-client';
import { liveDetailsQueryOptions } from '../api/get-live-details';
import { viewQueryOptions } from '../api/get-view';
import { viewsQueryOptions } from '../api/list-views';
import { type SupportSearch, viewsQuery } from './search';

/** The route's loader: the live, the views the URL asks for and the view it names, fetched side by
 * side on every visit (the page shows each as it arrives, or the saved answer offline). */
export function prefetchSupport(queryClient: QueryClient, liveId: string, search: SupportSearch) {
  void prefetchForVisit(queryClient, liveDetailsQueryOptions(liveId));
  void prefetchForVisit(queryClient, viewsQueryOptions(liveId, viewsQuery(search)));
  if (search.view) void prefetchForVisit(queryClient, viewQueryOptions(search.view));
}
