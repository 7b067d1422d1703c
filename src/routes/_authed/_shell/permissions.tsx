import { createFileRoute } from '@tanstack/react-router';
import { PermissionsPage } from '@/features/admin/components/permissions-page';
import { requireGate } from '@/lib/guards';

/** SPEC §2.2 /permissions: docs/api-admin.md. */
export const Route = createFileRoute('/_authed/_shell/permissions')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/permissions'),
  component: PermissionsPage,
});
