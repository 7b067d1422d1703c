import { createFileRoute } from '@tanstack/react-router';
import { overlaysQueryOptions } from '@/features/overlays/api/list-overlays';
import { OverlaysPage } from '@/features/overlays/components/overlays-page';
import { prefetchForVisit } from '@/lib/query-client';

interface OverlaysSearch {
  /** The live whose overlays are chosen at first (the control panel's 'Overlays' link). */
  live?: string;
}

/** /overlays (SPEC §2.2 "Other routes"): docs/classroom.md "Overlays". */
export const Route = createFileRoute('/_authed/_shell/overlays')({
  validateSearch: (search: Record<string, unknown>): OverlaysSearch =>
    typeof search.live === 'string' && /^[0-9a-f-]{36}$/i.test(search.live) ? { live: search.live } : {},
  loader: ({ context }) => {
    void prefetchForVisit(context.queryClient, overlaysQueryOptions());
  },
  component: OverlaysRoute,
});

function OverlaysRoute() {
  const { live } = Route.useSearch();
  return <OverlaysPage liveId={live} />;
}
