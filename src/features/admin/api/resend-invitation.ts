import { useMutation, useQueryClient } from '@tanstack/react-query';
import { string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { adminKey } from './keys';

/** POST /v1/invitations/{id}/resend: a new link (the previous one stops working). */
export const resendInvitation = (id: string) =>
  api(`/v1/invitations/${encodeURIComponent(id)}/resend`, type({ id: string() }), { method: 'POST' });

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey('users') }),
  });
}
