import { useSyncExternalStore } from 'react';
import { session } from '@/lib/session';

/** The stored session, re-rendering on every change (team switch, another tab). */
export function useSession() {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
