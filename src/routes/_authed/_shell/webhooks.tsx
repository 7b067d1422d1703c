import { createFileRoute } from '@tanstack/react-router';
import { WebhooksSection } from '@/features/webhooks/components/webhooks-section';
import { requireGate } from '@/lib/guards';

/** Webhooks of the selected team (docs/webhooks.md); the API area of the menu links here. */
export const Route = createFileRoute('/_authed/_shell/webhooks')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/webhooks'),
  component: WebhooksPage,
});

function WebhooksPage() {
  return <WebhooksSection headingLevel={1} />;
}
