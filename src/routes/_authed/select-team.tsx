import { createFileRoute, redirect } from '@tanstack/react-router';
import { loadTeamOptions } from '@/features/shell/api/get-teams';
import { SelectTeamPage } from '@/features/shell/components/select-team-page';
import { afterTeamSelection } from '@/features/shell/root-redirect';
import { lastVisited } from '@/lib/last-visited';
import { meQueryOptions } from '@/lib/me';
import { selectTeam } from '@/lib/select-team';

interface SelectTeamSearch {
  redirectTo?: string;
}

/** SPEC §2.1 team selection. A user with exactly one team gets it selected here, before anything renders. */
export const Route = createFileRoute('/_authed/select-team')({
  validateSearch: (search: Record<string, unknown>): SelectTeamSearch =>
    typeof search.redirectTo === 'string' ? { redirectTo: search.redirectTo } : {},
  beforeLoad: async ({ context, search, preload }) => {
    const { auth, queryClient } = context;
    const { user, contasCargos } = auth.get();
    const teams = await loadTeamOptions((opts) => queryClient.ensureQueryData(opts), user, contasCargos);
    const only = teams.length === 1 ? teams[0] : undefined;
    // Never on a preload: hovering a link must not choose a team.
    if (user && !user.selectedTeamId && only && !preload) {
      queryClient.setQueryData(meQueryOptions().queryKey, await selectTeam(only.id));
      throw redirect({
        href: only.blocked ? '/blocked' : afterTeamSelection(search.redirectTo, lastVisited()),
      });
    }
  },
  component: SelectTeamRoute,
});

function SelectTeamRoute() {
  const { redirectTo } = Route.useSearch();
  return <SelectTeamPage redirectTo={redirectTo} />;
}
