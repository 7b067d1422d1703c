import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/features/shell/components/coming-soon-page';

/** Not available yet: the shared 'Em breve' page (docs/routes.md). */
export const Route = createFileRoute('/_authed/_shell/dashboard')({
  component: DashboardPage,
});

function DashboardPage() {
  return <ComingSoonPage title={msg`Início`} />;
}
