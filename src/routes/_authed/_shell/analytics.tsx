import { createFileRoute } from '@tanstack/react-router';
import { summaryQueryOptions } from '@/features/analytics/api/get-summary';
import { livesQueryOptions } from '@/features/analytics/api/list-lives';
import { AnalyticsPage } from '@/features/analytics/components/analytics-page';
import { requireGate } from '@/lib/guards';
import { prefetchForVisit } from '@/lib/query-client';

interface AnalyticsSearch {
  /** The live shown (the control panel's and the monitoring wall's 'Analytics' links). */
  live?: string;
}

/** Audience analytics of a live (docs/analytics.md, docs/routes.md). */
export const Route = createFileRoute('/_authed/_shell/analytics')({
  validateSearch: (search: Record<string, unknown>): AnalyticsSearch =>
    typeof search.live === 'string' && search.live.length > 0 && search.live.length <= 64
      ? { live: search.live }
      : {},
  beforeLoad: ({ context }) => requireGate(context.auth, '/analytics'),
  loaderDeps: ({ search }) => ({ live: search.live }),
  loader: ({ context, deps }) => {
    void prefetchForVisit(context.queryClient, livesQueryOptions());
    if (deps.live) void prefetchForVisit(context.queryClient, summaryQueryOptions(deps.live));
  },
  component: AnalyticsRoute,
});

function AnalyticsRoute() {
  const { live } = Route.useSearch();
  return <AnalyticsPage liveId={live} />;
}
