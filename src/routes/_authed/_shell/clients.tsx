import { createFileRoute, redirect } from '@tanstack/react-router';
import { clientsQueryOptions } from '@/features/admin/api/list-clients';
import { ClientsPage } from '@/features/admin/components/clients-page';
import { requireGate } from '@/lib/guards';
import { isStaff } from '@/lib/permissions';
import { prefetchForVisit } from '@/lib/query-client';

/**
 * SPEC §2.2 /clients (showClients; the server answers staff only): docs/api-admin.md "Clients". An
 * owner holds showClients too, but every client is staff's to see: they go to /403 rather than to a
 * page whose list fails with a 403.
 */
export const Route = createFileRoute('/_authed/_shell/clients')({
  beforeLoad: ({ context }) => {
    requireGate(context.auth, '/clients');
    if (!isStaff(context.auth.get().permissions)) throw redirect({ to: '/403' });
  },
  loader: ({ context }) => {
    void prefetchForVisit(context.queryClient, clientsQueryOptions({ search: '', page: 1 }));
  },
  component: ClientsPage,
});
