import { createFileRoute } from '@tanstack/react-router';
import { streamsQueryOptions } from '@/features/streaming/api/list-streams';
import { StreamingPage } from '@/features/streaming/components/streaming-page';
import { libraryQuery, validateLibrarySearch } from '@/features/streaming/lib/search';
import { requireGate } from '@/lib/guards';
import { prefetchForVisit } from '@/lib/query-client';

/** SPEC §2.7 streaming library. Tab, page, search and sort live in the URL. */
export const Route = createFileRoute('/_authed/_shell/streaming/')({
  validateSearch: validateLibrarySearch,
  beforeLoad: ({ context }) => requireGate(context.auth, '/streaming'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Started, not awaited: the page shows skeleton rows while the list loads.
    void prefetchForVisit(context.queryClient, streamsQueryOptions(libraryQuery(deps)));
  },
  component: StreamingPage,
});
