import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '@/features/account/components/profile-page';

/** The own profile: every signed-in user (no permission), linked from the header. */
export const Route = createFileRoute('/_authed/_shell/profile')({
  component: ProfilePage,
});
