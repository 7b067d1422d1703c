import { createFileRoute } from '@tanstack/react-router';
import { apiKeysQueryOptions } from '@/features/api-keys/api/api-keys';
import { ApiKeysPage } from '@/features/api-keys/components/api-keys-page';
import { requireGate } from '@/lib/guards';
import { prefetchForVisit } from '@/lib/query-client';

/** SPEC §2.2 /api-keys: docs/api-keys.md. */
export const Route = createFileRoute('/_authed/_shell/api-keys')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/api-keys'),
  loader: ({ context }) => {
    void prefetchForVisit(context.queryClient, apiKeysQueryOptions());
  },
  component: ApiKeysPage,
});
