import { useQuery } from '@tanstack/react-query';
import { array, type Infer, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { adminKey } from './keys';

const TeamMemberStruct = type({ id: string(), name: string(), email: string(), role: string() });
export type TeamMember = Infer<typeof TeamMemberStruct>;

/** GET /v1/client-teams/{id}/members: who is in a team of the client, with their role there. */
export const listTeamMembers = (teamId: string) =>
  api(`/v1/client-teams/${encodeURIComponent(teamId)}/members`, array(TeamMemberStruct));

export const useTeamMembers = (teamId: string, enabled: boolean) =>
  useQuery({
    queryKey: adminKey('teams', teamId, 'members'),
    queryFn: () => listTeamMembers(teamId),
    enabled,
  });
