import { createFileRoute } from '@tanstack/react-router';
import { usersQueryOptions } from '@/features/admin/api/list-users';
import { UsersPage } from '@/features/admin/components/users-page';
import { requireGate } from '@/lib/guards';
import { prefetchForVisit } from '@/lib/query-client';

/** SPEC §2.2 /users (showUsers or manageTeamUsers): docs/api-admin.md. */
export const Route = createFileRoute('/_authed/_shell/users')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/users'),
  loader: ({ context }) => {
    void prefetchForVisit(context.queryClient, usersQueryOptions({ search: '', page: 1 }));
  },
  component: UsersPage,
});
