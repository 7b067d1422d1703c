import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/features/shell/components/coming-soon-page';
import { requireGate } from '@/lib/guards';

/** Not available yet: the shared 'Em breve' page (docs/routes.md). */
export const Route = createFileRoute('/_authed/_shell/api-keys')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/api-keys'),
  component: ApiKeysPage,
});

function ApiKeysPage() {
  return <ComingSoonPage title={msg`Chaves de API`} />;
}
