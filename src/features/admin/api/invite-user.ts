import { useMutation, useQueryClient } from '@tanstack/react-query';
import { string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { adminKey } from './keys';

/** POST /v1/invitations: mails a single-use link; 403 for a role above the caller's, 409 when already a
 * member or invited. */
export const inviteUser = (body: { email: string; roleId: string }) =>
  api('/v1/invitations', type({ id: string() }), { method: 'POST', body });

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey('users') }),
  });
}
