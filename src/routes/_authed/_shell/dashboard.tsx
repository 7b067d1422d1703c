import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

/** The breadcrumb home (issue 19 point 5): any signed-in member; each part shows by permission. */
export const Route = createFileRoute('/_authed/_shell/dashboard')({
  component: DashboardPage,
});
