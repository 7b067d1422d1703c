import { createFileRoute } from '@tanstack/react-router';
import { IntegrationsPage } from '@/features/integrations/components/integrations-page';
import { requireGate } from '@/lib/guards';

/** SPEC §2.4 /integrations: docs/integrations.md. */
export const Route = createFileRoute('/_authed/_shell/integrations')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/integrations'),
  component: IntegrationsPage,
});
