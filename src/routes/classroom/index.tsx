import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/features/shell/components/coming-soon-page';

/** Public (no login, no shell). Not available yet: the shared 'Em breve' page (docs/routes.md). */
export const Route = createFileRoute('/classroom/')({ component: ClassroomPage });

function ClassroomPage() {
  return <ComingSoonPage title={msg`Sala de aula`} standalone />;
}
