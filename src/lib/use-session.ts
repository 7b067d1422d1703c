import { useSyncExternalStore } from 'react';
import { hasPermission } from './permissions';
import { session } from './session';

/** The stored session, re-rendering on every change (team switch, logout, another tab). */
export function useSession() {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** Whether the session holds any of the permissions. */
export function useCan(needed: string | readonly string[]): boolean {
  return hasPermission(useSession().permissions, needed);
}
