import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireGate } from '@/lib/guards';

/** /vod opens the VOD dashboard. */
export const Route = createFileRoute('/_authed/_shell/vod/')({
  beforeLoad: ({ context }) => {
    requireGate(context.auth, '/vod');
    throw redirect({ to: '/vod/dashboard', replace: true });
  },
});
