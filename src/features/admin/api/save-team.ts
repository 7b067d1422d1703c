import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ClientTeamStruct } from './list-client-teams';
import { teamsChanged } from './teams-changed';

export interface TeamInput {
  /** Absent: a new team (the caller becomes its first member). */
  id?: string;
  name: string;
}

/** POST /v1/client-teams or PATCH /v1/client-teams/{id}: 409 for a name another team of the client has. */
export const saveTeam = ({ id, name }: TeamInput) =>
  id
    ? api(`/v1/client-teams/${encodeURIComponent(id)}`, ClientTeamStruct, { method: 'PATCH', body: { name } })
    : api('/v1/client-teams', ClientTeamStruct, { method: 'POST', body: { name } });

export function useSaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTeam, onSuccess: () => teamsChanged(queryClient) });
}
