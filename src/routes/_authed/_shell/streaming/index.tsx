import { createFileRoute } from '@tanstack/react-router';
import { streamsQueryOptions } from '@/features/streaming/api/list-streams';
import { StreamingPage } from '@/features/streaming/components/streaming-page';
import { libraryQuery, validateLibrarySearch } from '@/features/streaming/lib/search';
import { requireGate } from '@/lib/guards';

/** SPEC §2.7 streaming library. Tab, page, search and sort live in the URL. */
export const Route = createFileRoute('/_authed/_shell/streaming/')({
  validateSearch: validateLibrarySearch,
  beforeLoad: ({ context }) => requireGate(context.auth, '/streaming'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Started, not awaited: the page shows skeleton rows while the list loads.
    void context.queryClient.prefetchQuery(streamsQueryOptions(libraryQuery(deps)));
  },
  component: StreamingPage,
});
