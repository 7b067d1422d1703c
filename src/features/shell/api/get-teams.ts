import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, boolean, type Infer, nullable, optional, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import type { Membership, User } from '@/lib/entities';

/** SPEC §3 Team (teams API), as GET /v1/teams answers it (docs/api.md). */
export const TeamStruct = type({
  accountId: string(),
  name: string(),
  thumbnail: optional(nullable(string())),
  cliente: optional(nullable(string())),
  bloqueada: optional(boolean()),
  userTeamRole: type({ nome: string(), permissoes: array(string()) }),
});
export type Team = Infer<typeof TeamStruct>;

/** GET /v1/teams: the caller's teams. */
export const getTeams = () => api('/v1/teams', array(TeamStruct));

export const teamsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['shell-teams', userId], queryFn: getTeams });

/** One choosable team, whichever list it came from. */
export interface TeamOption {
  id: string;
  name: string;
  roleName: string;
  thumbnail: string | null;
  blocked: boolean;
}

export const fromMembership = (m: Membership): TeamOption => ({
  id: m.conta_id,
  name: m.conta_nome,
  roleName: m.cargo_nome,
  thumbnail: m.conta_thumbnail,
  blocked: m.bloqueada === true,
});

export const fromTeam = (t: Team): TeamOption => ({
  id: t.accountId,
  name: t.name,
  roleName: t.userTeamRole.nome,
  thumbnail: t.thumbnail ?? null,
  blocked: t.bloqueada === true,
});

/** SPEC §4: the teams API only when the user can manage team users; otherwise the session's memberships. */
export const usesTeamsApi = (user: User | null) => user?.canManageTeamsUsers === true;

/** For loaders: the team list, from the API (cached) or from the session. */
export async function loadTeamOptions(
  ensure: (opts: ReturnType<typeof teamsQueryOptions>) => Promise<Team[]>,
  user: User | null,
  contasCargos: Membership[],
): Promise<TeamOption[]> {
  if (user && usesTeamsApi(user)) return (await ensure(teamsQueryOptions(user.id))).map(fromTeam);
  return contasCargos.map(fromMembership);
}

export function useTeamOptions(user: User | null, contasCargos: Membership[]) {
  const fromApi = usesTeamsApi(user);
  const query = useQuery({ ...teamsQueryOptions(user?.id ?? ''), enabled: fromApi && !!user });
  if (!fromApi) return { teams: contasCargos.map(fromMembership), isLoading: false, isError: false };
  return { teams: (query.data ?? []).map(fromTeam), isLoading: query.isLoading, isError: query.isError };
}

/** GET /v2/accounts: one team's name, for a team outside the caller's lists (staff acting in a client's
 * team they are not a member of, from /clients). */
export function useOutsideTeamName(accountId: string | null | undefined, enabled: boolean) {
  const query = useQuery({
    queryKey: ['shell-teams', 'outside', accountId],
    queryFn: () =>
      api('/v2/accounts', type({ name: string() }), { query: { accountId: accountId ?? undefined } }),
    enabled: enabled && !!accountId,
  });
  return query.data?.name;
}
