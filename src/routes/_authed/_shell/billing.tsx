import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/features/shell/components/coming-soon-page';
import { requireGate } from '@/lib/guards';

/** Not available yet: the shared 'Em breve' page (docs/routes.md). */
export const Route = createFileRoute('/_authed/_shell/billing')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/billing'),
  component: BillingPage,
});

function BillingPage() {
  return <ComingSoonPage title={msg`Billing`} />;
}
