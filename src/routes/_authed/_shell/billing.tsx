import { createFileRoute } from '@tanstack/react-router';
import { BillingPage } from '@/features/billing/components/billing-page';
import { requireGate } from '@/lib/guards';

/** SPEC §2.2 /billing (showFinancial): docs/billing.md. */
export const Route = createFileRoute('/_authed/_shell/billing')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/billing'),
  component: BillingPage,
});
