import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, boolean, type Infer, integer, nullable, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { adminKey } from './keys';

export const ClientTeamStruct = type({
  id: string(),
  name: string(),
  thumbnail: nullable(string()),
  blocked: boolean(),
  createdAt: string(),
  membersCount: integer(),
});
export type ClientTeam = Infer<typeof ClientTeamStruct>;

export const ClientTeamsStruct = type({
  client: type({ id: string(), name: string() }),
  items: array(ClientTeamStruct),
});

/** GET /v1/client-teams: the teams of the working team's client (docs/api-admin.md). */
export const listClientTeams = () => api('/v1/client-teams', ClientTeamsStruct);

export const clientTeamsQueryOptions = () =>
  queryOptions({ queryKey: adminKey('teams'), queryFn: listClientTeams });

export const useClientTeams = () => useQuery(clientTeamsQueryOptions());
