import { createFileRoute } from '@tanstack/react-router';
import { clientTeamsQueryOptions } from '@/features/admin/api/list-client-teams';
import { TeamsPage } from '@/features/admin/components/teams-page';
import { requireGate } from '@/lib/guards';
import { prefetchForVisit } from '@/lib/query-client';

/** SPEC §2.2 /teams (gerenciarTimes or manageTeamUsers): docs/api-admin.md. */
export const Route = createFileRoute('/_authed/_shell/teams')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/teams'),
  loader: ({ context }) => {
    void prefetchForVisit(context.queryClient, clientTeamsQueryOptions());
  },
  component: TeamsPage,
});
