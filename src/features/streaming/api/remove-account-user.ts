import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiVoid } from '@/lib/api-client';
import { streamingKey } from './stream';

/** DELETE /v1/account-users/{userId}: takes the user out of the team. 204; 404 'Usuário não
 * encontrado'; 409 for yourself; 403 without showUsers / manageTeamUsers. */
export const removeAccountUser = (userId: string) =>
  apiVoid(`/v1/account-users/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export function useRemoveAccountUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAccountUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: streamingKey('users') }),
  });
}
