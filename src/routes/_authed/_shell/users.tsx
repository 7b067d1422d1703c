import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '@/features/admin/components/users-page';
import { requireGate } from '@/lib/guards';

/** SPEC §2.2 /users (showUsers or manageTeamUsers): docs/api-admin.md. */
export const Route = createFileRoute('/_authed/_shell/users')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/users'),
  component: UsersPage,
});
