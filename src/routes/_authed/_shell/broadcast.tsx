import { createFileRoute } from '@tanstack/react-router';
import { wallQueryOptions } from '@/features/streaming/api/list-wall';
import { WallPage } from '@/features/streaming/components/wall/wall-page';
import { requireGate } from '@/lib/guards';
import { prefetchForVisit } from '@/lib/query-client';

interface WallSearch {
  /** The live whose tile the wall scrolls to and marks (the stream menu's 'Monitoramento'). */
  live?: string;
}

/** The monitoring wall (permission `broadcast`). */
export const Route = createFileRoute('/_authed/_shell/broadcast')({
  validateSearch: (search: Record<string, unknown>): WallSearch =>
    typeof search.live === 'string' && search.live.length > 0 && search.live.length <= 64
      ? { live: search.live }
      : {},
  beforeLoad: ({ context }) => requireGate(context.auth, '/broadcast'),
  loader: ({ context }) => {
    void prefetchForVisit(context.queryClient, wallQueryOptions());
  },
  component: BroadcastRoute,
});

function BroadcastRoute() {
  const { live } = Route.useSearch();
  return <WallPage focus={live} />;
}
