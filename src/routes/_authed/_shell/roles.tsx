import { createFileRoute } from '@tanstack/react-router';
import { RolesPage } from '@/features/admin/components/roles-page';
import { requireGate } from '@/lib/guards';

/** SPEC §2.2 /roles: docs/api-admin.md. */
export const Route = createFileRoute('/_authed/_shell/roles')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/roles'),
  component: RolesPage,
});
