import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { broadcast } from '@/lib/broadcast';
import { MeStruct } from '@/lib/entities';
import { session } from '@/lib/session';
import { adminKey } from './keys';

/**
 * After a team was created, renamed or given a picture: the header's team selector reads the session's
 * memberships (GET /bff/me) or GET /v1/teams, so both are read again here, and the other tabs are told
 * (tab-sync reloads the stored session and reads their team lists again).
 */
export async function teamsChanged(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: adminKey() });
  const me = await api('/bff/me', MeStruct, { query: { accountId: undefined } }).catch(() => null);
  if (me) {
    session.setMe(me);
    queryClient.setQueryData(['session', 'me'], me);
  }
  await queryClient.invalidateQueries({ queryKey: ['shell-teams'] });
  broadcast.post({ type: 'teams' });
}
