import { createFileRoute } from '@tanstack/react-router';
import { rolesQueryOptions } from '@/features/admin/api/list-roles';
import { RolesPage } from '@/features/admin/components/roles-page';
import { requireGate } from '@/lib/guards';
import { prefetchForVisit } from '@/lib/query-client';

/** SPEC §2.2 /roles: docs/api-admin.md. */
export const Route = createFileRoute('/_authed/_shell/roles')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/roles'),
  loader: ({ context }) => {
    void prefetchForVisit(context.queryClient, rolesQueryOptions());
  },
  component: RolesPage,
});
