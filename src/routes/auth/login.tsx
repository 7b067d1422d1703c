import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/components/login-page';
import { postLoginTarget, safeRedirect } from '@/features/auth/session-flow';

interface LoginSearch {
  /** Where to go after signing in: a same-origin relative path only (anything else is dropped). */
  redirectTo?: string;
}

export const Route = createFileRoute('/auth/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirectTo: safeRedirect(search.redirectTo),
  }),
  // A user already signed in (a token whose exp is still ahead) goes on to where they were headed.
  beforeLoad: ({ context, search }) => {
    if (context.auth.isAuthenticated())
      throw redirect({ href: postLoginTarget(search.redirectTo), replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirectTo } = Route.useSearch();
  return <LoginPage redirectTo={redirectTo} />;
}
