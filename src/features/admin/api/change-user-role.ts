import { useMutation, useQueryClient } from '@tanstack/react-query';
import { string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { adminKey } from './keys';

/** PATCH /v1/users/{id}/role: 403 above the caller's permissions, 409 for the last user manager. */
export const changeUserRole = ({ userId, roleId }: { userId: string; roleId: string }) =>
  api(`/v1/users/${encodeURIComponent(userId)}/role`, type({ id: string() }), {
    method: 'PATCH',
    body: { roleId },
  });

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey() }),
  });
}
