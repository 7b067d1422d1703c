import { createFileRoute } from '@tanstack/react-router';
import { streamsQueryOptions } from '@/features/streaming/api/list-streams';
import { HistoricPage } from '@/features/streaming/components/historic/historic-page';
import { historicQuery, validateHistoricSearch } from '@/features/streaming/lib/search';
import { requireGate } from '@/lib/guards';
import { prefetchForVisit } from '@/lib/query-client';

/** Finished broadcasts (shutdown=true) with date, duration and recording. */
export const Route = createFileRoute('/_authed/_shell/historic')({
  validateSearch: validateHistoricSearch,
  beforeLoad: ({ context }) => requireGate(context.auth, '/historic'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void prefetchForVisit(context.queryClient, streamsQueryOptions(historicQuery(deps)));
  },
  component: HistoricPage,
});
