import { createFileRoute } from '@tanstack/react-router';
import { ApiKeysPage } from '@/features/api-keys/components/api-keys-page';
import { requireGate } from '@/lib/guards';

/** SPEC §2.2 /api-keys: docs/api-keys.md. */
export const Route = createFileRoute('/_authed/_shell/api-keys')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/api-keys'),
  component: ApiKeysPage,
});
