import { createFileRoute } from '@tanstack/react-router';
import { vodAnalyticsQueryOptions } from '@/features/vod-analytics/api/get-vod-analytics';
import { VodAnalyticsPage } from '@/features/vod-analytics/components/vod-analytics-page';
import { periodOf, validateVodAnalyticsSearch } from '@/features/vod-analytics/lib/search';
import { requireGate } from '@/lib/guards';
import { prefetchForVisit } from '@/lib/query-client';

/** VOD analytics (docs/analytics.md "VOD analytics page"): a library folder's
 * figures, its subfolders' and its videos' over the last 7, 30 or 90 days (`?folder&days`). Not
 * nested under /analytics (the live page), hence `analytics_`. */
export const Route = createFileRoute('/_authed/_shell/analytics_/vod')({
  validateSearch: validateVodAnalyticsSearch,
  beforeLoad: ({ context }) => requireGate(context.auth, '/analytics/vod'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Started, not awaited: the page shows its skeleton (or the saved answer) meanwhile.
    void prefetchForVisit(context.queryClient, vodAnalyticsQueryOptions(deps.folder, periodOf(deps)));
  },
  component: VodAnalyticsPage,
});
