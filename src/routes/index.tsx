import { createFileRoute, redirect } from '@tanstack/react-router';
import { decideRootRedirect, scheduleLastVisitedReset } from '@/features/shell/root-redirect';
import { lastVisited } from '@/lib/last-visited';

/** SPEC §2.2 '/': back to the last visited page (/streaming by default). A last visit to the webcam or
 * analytics app opens that app, the console stays on /streaming and the value is reset 1 second later. */
export const Route = createFileRoute('/')({
  beforeLoad: ({ context, preload }) => {
    if (!context.auth.isAuthenticated()) throw redirect({ to: '/auth/login' });
    const value = lastVisited();
    const { to, external } = decideRootRedirect(value);
    // Never on a preload: hovering a link to '/' must not open another app.
    if (external && value && !preload) {
      scheduleLastVisitedReset(value);
      // After the in-app redirect has committed, so the two navigations do not race.
      setTimeout(() => window.location.assign(external), 0);
    }
    throw redirect({ href: to, replace: true });
  },
});
