import { createFileRoute } from '@tanstack/react-router';
import { TeamsPage } from '@/features/admin/components/teams-page';
import { requireGate } from '@/lib/guards';

/** SPEC §2.2 /teams (gerenciarTimes or manageTeamUsers): docs/api-admin.md. */
export const Route = createFileRoute('/_authed/_shell/teams')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/teams'),
  component: TeamsPage,
});
