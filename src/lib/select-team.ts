import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MeStruct } from '@/lib/entities';
import { session } from '@/lib/session';

/** PUT /bff/me/selected-team: stores the team choice and answers the updated /bff/me (the header's
 * selector, /select-team, and staff acting in a client from /clients). */
export async function selectTeam(accountId: string) {
  const me = await api('/bff/me/selected-team', MeStruct, {
    method: 'PUT',
    body: { accountId },
    query: { accountId: undefined },
  });
  session.setMe(me);
  return me;
}

export function useSelectTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectTeam,
    onSuccess: (me) => {
      // features/auth/api/get-me.ts meQueryOptions' key.
      queryClient.setQueryData(['session', 'me'], me);
      // Data of the previous team must not show under the new one.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    },
  });
}
