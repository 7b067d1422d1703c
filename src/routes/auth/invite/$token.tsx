import { createFileRoute } from '@tanstack/react-router';
import { InvitePage } from '@/features/auth/components/invite-page';

/** The link of an invitation mail (docs/api-admin.md): public, like the rest of /auth. */
export const Route = createFileRoute('/auth/invite/$token')({
  component: InviteRoute,
});

function InviteRoute() {
  const { token } = Route.useParams();
  return <InvitePage token={token} />;
}
