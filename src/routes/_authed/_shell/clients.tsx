import { createFileRoute } from '@tanstack/react-router';
import { ClientsPage } from '@/features/admin/components/clients-page';
import { requireGate } from '@/lib/guards';

/** SPEC §2.2 /clients (showClients; the server answers staff only): docs/api-admin.md "Clients". */
export const Route = createFileRoute('/_authed/_shell/clients')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/clients'),
  component: ClientsPage,
});
