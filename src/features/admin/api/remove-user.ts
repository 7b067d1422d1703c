import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiVoid } from '@/lib/api-client';
import { adminKey } from './keys';

/** DELETE /v1/users/{id}: out of this team only; 409 for yourself or the last user manager. */
export const removeUser = (userId: string) =>
  apiVoid(`/v1/users/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey() }),
  });
}
