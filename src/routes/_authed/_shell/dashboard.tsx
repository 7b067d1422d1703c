import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

/** The breadcrumb home (docs/routes.md "Breadcrumb"): any signed-in member; each part shows by permission. */
export const Route = createFileRoute('/_authed/_shell/dashboard')({
  component: DashboardPage,
});
