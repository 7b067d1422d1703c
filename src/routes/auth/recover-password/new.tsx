import { createFileRoute } from '@tanstack/react-router';
import { NewPasswordPage, type RecoveryLink } from '@/features/auth/components/new-password-page';

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

export const Route = createFileRoute('/auth/recover-password/new')({
  // The link from the e-mail: a missing part shows the page's invalid-link state, never a crash.
  validateSearch: (search: Record<string, unknown>): RecoveryLink => ({
    email: text(search.email),
    token: text(search.token),
    hash: text(search.hash),
  }),
  component: NewPasswordRoute,
});

function NewPasswordRoute() {
  const link = Route.useSearch();
  return <NewPasswordPage {...link} />;
}
