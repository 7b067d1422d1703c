import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiVoid } from '@/lib/api-client';
import { adminKey } from './keys';

/** DELETE /v1/invitations/{id}: the link stops working. */
export const cancelInvitation = (id: string) =>
  apiVoid(`/v1/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey('users') }),
  });
}
