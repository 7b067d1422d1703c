import { createFileRoute } from '@tanstack/react-router';
import { permissionsQueryOptions } from '@/features/admin/api/list-permissions';
import { PermissionsPage } from '@/features/admin/components/permissions-page';
import { requireGate } from '@/lib/guards';
import { i18n } from '@/lib/i18n';
import { prefetchForVisit } from '@/lib/query-client';

/** SPEC §2.2 /permissions: docs/api-admin.md. */
export const Route = createFileRoute('/_authed/_shell/permissions')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/permissions'),
  loader: ({ context }) => {
    void prefetchForVisit(context.queryClient, permissionsQueryOptions(i18n.locale));
  },
  component: PermissionsPage,
});
