import { createFileRoute } from '@tanstack/react-router';
import { usageQueryOptions } from '@/features/billing/api/get-usage';
import { BillingPage } from '@/features/billing/components/billing-page';
import { requireGate } from '@/lib/guards';
import { prefetchForVisit } from '@/lib/query-client';

/** SPEC §2.2 /billing (showFinancial): docs/billing.md. */
export const Route = createFileRoute('/_authed/_shell/billing')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/billing'),
  loader: ({ context }) => {
    void prefetchForVisit(context.queryClient, usageQueryOptions());
  },
  component: BillingPage,
});
