import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/features/shell/components/coming-soon-page';

/** Not available yet: the shared 'Em breve' page (docs/routes.md). */
export const Route = createFileRoute('/_authed/_shell/preview/$signalId/$liveId')({
  component: PreviewPage,
});

function PreviewPage() {
  return <ComingSoonPage title={msg`Pré-visualização`} />;
}
