import { createFileRoute } from '@tanstack/react-router';
import { dashboardQueryOptions } from '@/features/dashboard/api/get-dashboard';
import { dashboardUsageQueryOptions } from '@/features/dashboard/api/get-usage';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { hasPermission } from '@/lib/permissions';
import { prefetchForVisit } from '@/lib/query-client';

/** The breadcrumb home (docs/routes.md "Breadcrumb"): any signed-in member; each part shows by permission. */
export const Route = createFileRoute('/_authed/_shell/dashboard')({
  loader: ({ context }) => {
    const { queryClient, auth } = context;
    void prefetchForVisit(queryClient, dashboardQueryOptions());
    // The plan's usage is asked only by a holder of showFinancial, as the page does.
    if (hasPermission(auth.get().permissions, 'showFinancial')) {
      void prefetchForVisit(queryClient, dashboardUsageQueryOptions());
    }
  },
  component: DashboardPage,
});
