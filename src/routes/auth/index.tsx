import { createFileRoute, redirect } from '@tanstack/react-router';

/** SPEC §2.1: /auth redirects to /auth/login. */
export const Route = createFileRoute('/auth/')({
  beforeLoad: () => {
    throw redirect({ to: '/auth/login', replace: true });
  },
});
