import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/features/shell/components/coming-soon-page';
import { requireGate } from '@/lib/guards';

/** Not available yet: the shared 'Em breve' page (docs/routes.md). */
export const Route = createFileRoute('/_authed/_shell/streaming/$liveId/signal/$signalId')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/streaming'),
  component: SignalPreviewPage,
});

function SignalPreviewPage() {
  return <ComingSoonPage title={msg`Pré-visualização do sinal`} />;
}
