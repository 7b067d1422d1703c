import { createFileRoute } from '@tanstack/react-router';
import { providersQueryOptions } from '@/features/integrations/api/providers';
import { IntegrationsPage } from '@/features/integrations/components/integrations-page';
import { requireGate } from '@/lib/guards';
import { prefetchForVisit } from '@/lib/query-client';

/** SPEC §2.4 /integrations: docs/integrations.md. */
export const Route = createFileRoute('/_authed/_shell/integrations')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/integrations'),
  loader: ({ context }) => {
    void prefetchForVisit(context.queryClient, providersQueryOptions());
  },
  component: IntegrationsPage,
});
