import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiVoid } from '@/lib/api-client';
import { adminKey } from './keys';

/** DELETE /v1/roles/{id}[?replaceWith]: a role in use needs a replacement (409 otherwise). */
export const deleteRole = ({ id, replaceWith }: { id: string; replaceWith?: string }) =>
  apiVoid(`/v1/roles/${encodeURIComponent(id)}`, { method: 'DELETE', query: { replaceWith } });

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey() }),
  });
}
