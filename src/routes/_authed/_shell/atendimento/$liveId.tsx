import { createFileRoute } from '@tanstack/react-router';
import { SupportPage } from '@/features/support/components/support-page';
import { prefetchSupport } from '@/features/support/lib/prefetch';
import { validateSupportSearch } from '@/features/support/lib/search';
import { requireGate } from '@/lib/guards';

/** Customer support for one live (docs/routes.md, docs/analytics.md "Customer support"): the search is in the
 * URL (`?viewerId&email&filter&state&provider&page&view`), so a link points at a viewer. */
export const Route = createFileRoute('/_authed/_shell/atendimento/$liveId')({
  validateSearch: validateSupportSearch,
  beforeLoad: ({ context }) => requireGate(context.auth, '/atendimento'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => prefetchSupport(context.queryClient, params.liveId, deps),
  component: SupportPage,
});
