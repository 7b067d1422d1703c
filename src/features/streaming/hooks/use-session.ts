import { useSyncExternalStore } from 'react';
import { hasPermission } from '@/lib/permissions';
import { session } from '@/lib/session';

export function useSession() {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** Whether the session holds any of the permissions. */
export function useCan(needed: string | readonly string[]): boolean {
  return hasPermission(useSession().permissions, needed);
}
