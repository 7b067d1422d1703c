import { createFileRoute } from '@tanstack/react-router';
import { twoFactorStatusQueryOptions } from '@/features/account/api/two-factor';
import { ProfilePage } from '@/features/account/components/profile-page';
import { prefetchForVisit } from '@/lib/query-client';

/** The own profile: every signed-in user (no permission), linked from the header. */
export const Route = createFileRoute('/_authed/_shell/profile')({
  loader: ({ context }) => {
    void prefetchForVisit(context.queryClient, twoFactorStatusQueryOptions());
  },
  component: ProfilePage,
});
