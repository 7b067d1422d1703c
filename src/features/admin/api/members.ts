import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { array, boolean, type Infer, nullable, optional, string, type } from 'superstruct';
import { api, apiVoid } from '@/lib/api-client';
import { adminKey } from './keys';

const MemberStruct = type({
  id: string(),
  name: string(),
  email: string(),
  avatar: optional(nullable(string())),
  role: string(),
});
export type LibraryMember = Infer<typeof MemberStruct>;

/** GET /v1/members: who can see the team's video library, and whether the caller manages it. */
export const listMembers = () =>
  api('/v1/members', type({ items: array(MemberStruct), canManage: boolean() }));

export const membersQueryOptions = () =>
  queryOptions({ queryKey: adminKey('members'), queryFn: listMembers });
export const useMembers = () => useQuery(membersQueryOptions());

/** POST /v1/members: an existing user of the client, under a role holding showVOD. */
export const addMember = (body: { email: string; roleId: string }) =>
  api('/v1/members', MemberStruct, { method: 'POST', body });

/** DELETE /v1/members/{userId}: out of the team (and its library). */
export const removeMember = (userId: string) =>
  apiVoid(`/v1/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export function useMemberChanges() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: adminKey() });
  return {
    add: useMutation({ mutationFn: addMember, onSettled }),
    remove: useMutation({ mutationFn: removeMember, onSettled }),
  };
}
