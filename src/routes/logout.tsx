import { createFileRoute, redirect } from '@tanstack/react-router';
import { signOut } from '@/features/auth/session-flow';

/** SPEC §2.1 /logout: resets the session and goes to /auth/login. Never on a preload (hovering a
 * "Sair" link must not sign anyone out). */
export const Route = createFileRoute('/logout')({
  beforeLoad: async ({ context, preload }) => {
    if (preload) return;
    await signOut(context.auth, context.queryClient);
    throw redirect({ to: '/auth/login', replace: true });
  },
});
