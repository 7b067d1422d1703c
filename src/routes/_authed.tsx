import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { SessionFollower } from '@/features/auth/components/session-follower';
import { ApiError } from '@/lib/api-client';
import { loadPageMessages } from '@/lib/i18n';
import { meQueryOptions } from '@/lib/me';

/** The pathless guard over every signed-in page (SPEC §2.1, §4 Auth). */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, location }) => {
    const { auth, queryClient } = context;
    if (!auth.isAuthenticated()) {
      auth.clear();
      throw redirect({ to: '/auth/login', search: { redirectTo: location.href } });
    }
    // The pages' texts come while the user's data does.
    const messages = loadPageMessages();
    // (Awaited below; a failure of the user's data must not leave it an unhandled rejection.)
    messages.catch(() => undefined);
    try {
      auth.setMe(await queryClient.ensureQueryData(meQueryOptions()));
    } catch (error) {
      // Offline (no status): carry on with the stored session so the cached pages still open.
      if (!(error instanceof ApiError) || error.status !== 0 || !auth.get().user) throw error;
    }
    await messages;
    const { user, contasCargos } = auth.get();
    const onTeamFreePage = location.pathname === '/select-team' || location.pathname === '/blocked';
    if (user && !user.selectedTeamId && !onTeamFreePage) {
      throw redirect({ to: '/select-team', search: { redirectTo: location.href } });
    }
    const team = contasCargos.find((c) => c.conta_id === user?.selectedTeamId);
    if (team?.bloqueada && !onTeamFreePage) throw redirect({ to: '/blocked' });
    // The last visited page is remembered by the shell once a page has rendered, not here: a gated
    // page that sends the user to /403 must not become the page '/' and login return to.
  },
  component: AuthedLayout,
});

function AuthedLayout() {
  return (
    <>
      <SessionFollower />
      <Outlet />
    </>
  );
}
