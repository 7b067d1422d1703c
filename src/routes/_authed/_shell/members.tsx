import { createFileRoute } from '@tanstack/react-router';
import { membersQueryOptions } from '@/features/admin/api/members';
import { MembersPage } from '@/features/admin/components/members-page';
import { requireGate } from '@/lib/guards';
import { prefetchForVisit } from '@/lib/query-client';

/** SPEC §2.2 /members (showVOD reads, manageTeamUsers manages): docs/api-admin.md "Members". */
export const Route = createFileRoute('/_authed/_shell/members')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/members'),
  loader: ({ context }) => {
    void prefetchForVisit(context.queryClient, membersQueryOptions());
  },
  component: MembersPage,
});
