import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onApiError } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/me';
import { session } from '@/lib/session';
import { accessOf, REFRESH_EVERY_MS, refreshesOn } from '../session-refresh';

/**
 * Following role changes (docs/routes.md "Following role changes"): the server reads permissions on every
 * request, so a changed role or a removal holds at once there; this keeps the console's view in step without
 * a reload. /bff/me is read again after every navigation, when the window regains focus and when a call
 * answers 403 or 404; when what the user may do changed, the router re-runs its guards (a page no longer
 * allowed goes to /403, a team no longer theirs to the team choice) and the menu follows the session.
 */
export function SessionFollower() {
  const queryClient = useQueryClient();
  const router = useRouter();
  useEffect(() => {
    // The guard of the page just opened read /bff/me a moment ago.
    let last = Date.now();
    let running = false;
    const refresh = async () => {
      if (running || Date.now() - last < REFRESH_EVERY_MS || !session.get().authToken) return;
      running = true;
      last = Date.now();
      try {
        const before = accessOf(session.get());
        const me = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
        session.setMe(me);
        if (accessOf(session.get()) !== before) await router.invalidate();
      } catch {
        // Offline or signed out meanwhile: the app-wide handlers deal with it.
      } finally {
        running = false;
      }
    };
    const onFocus = () => void refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    const stopErrors = onApiError((error) => {
      if (refreshesOn(error.status)) void refresh();
    });
    const stopNavigation = router.subscribe('onResolved', () => void refresh());
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopErrors();
      stopNavigation();
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [queryClient, router]);
  return null;
}
