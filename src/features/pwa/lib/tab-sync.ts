import type { QueryClient } from '@tanstack/react-query';
import { type BroadcastMessage, broadcast } from '@/lib/broadcast';
import { AUTH_STORAGE_KEY, type Session } from '@/lib/session';

interface TabSyncDeps {
  session: Pick<Session, 'get' | 'reload' | 'clear'>;
  queryClient: Pick<QueryClient, 'clear' | 'invalidateQueries' | 'removeQueries'>;
  /** Re-runs the guards and loaders of the current page (router.invalidate). */
  invalidateRouter: () => void;
  navigate: (to: string) => void;
  currentPath: () => string;
  subscribe?: (listener: (message: BroadcastMessage) => void) => () => void;
  storageTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** Keeps the tabs of one browser in step: a BroadcastChannel keeps team selection in sync
 * (docs/architecture.md "Layers and boundaries").
 * - 'team': another tab switched team and stored the new session → reload it, drop the old team's data.
 * - 'teams': another tab created or renamed a team → reload the stored session, read team lists again.
 * - 'logout': another tab signed out → sign out here too and go to /auth/login.
 * The `storage` event on the auth key does the same where BroadcastChannel is missing; whichever of
 * the two arrives first does the work, the second finds nothing changed. */
export function installTabSync(deps: TabSyncDeps): () => void {
  const { session, queryClient } = deps;

  const signedOut = () => {
    queryClient.clear();
    if (!deps.currentPath().startsWith('/auth/login')) deps.navigate('/auth/login');
  };

  /** Reads the stored session again and reacts to what changed. */
  const sync = (reason: 'team' | 'logout' | 'storage') => {
    const before = session.get();
    if (reason === 'logout') session.clear();
    else session.reload();
    const after = session.get();
    if (!after.authToken) {
      if (before.authToken || reason === 'logout') signedOut();
      return;
    }
    if (after.authToken !== before.authToken) {
      // Another account signed in elsewhere: nothing of the previous one may stay.
      queryClient.clear();
      deps.invalidateRouter();
      return;
    }
    if (after.user?.selectedTeamId !== before.user?.selectedTeamId) {
      // The cached /bff/me names the previous team: drop it so the guard reads the new one.
      queryClient.removeQueries({ queryKey: ['session'] });
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      deps.invalidateRouter();
    }
  };

  const unsubscribe = (deps.subscribe ?? broadcast.subscribe)((message) => {
    if (message.type === 'team') sync('team');
    else if (message.type === 'teams') {
      // Names and pictures changed: the stored memberships are new, the team lists are read again.
      session.reload();
      void queryClient.invalidateQueries({ queryKey: ['shell-teams'] });
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    } else if (message.type === 'logout') sync('logout');
  });

  const target = deps.storageTarget ?? (typeof window === 'undefined' ? undefined : window);
  const onStorage = (event: Event) => {
    const key = (event as StorageEvent).key;
    // key null: localStorage.clear() in another tab.
    if (key === AUTH_STORAGE_KEY || key === null) sync('storage');
  };
  target?.addEventListener('storage', onStorage);

  return () => {
    unsubscribe();
    target?.removeEventListener('storage', onStorage);
  };
}
