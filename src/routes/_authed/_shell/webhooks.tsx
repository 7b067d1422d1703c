import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { webhooksQueryOptions } from '@/features/webhooks/api/list-webhooks';
import { WebhooksSection } from '@/features/webhooks/components/webhooks-section';
import { requireGate } from '@/lib/guards';
import { prefetchForVisit } from '@/lib/query-client';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Webhooks of the selected team (docs/webhooks.md); the API area of the menu links here. */
export const Route = createFileRoute('/_authed/_shell/webhooks')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/webhooks'),
  loader: ({ context }) => {
    void prefetchForVisit(context.queryClient, webhooksQueryOptions());
  },
  component: WebhooksPage,
});

function WebhooksPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Webhooks`);
  return <WebhooksSection headingLevel={1} />;
}
