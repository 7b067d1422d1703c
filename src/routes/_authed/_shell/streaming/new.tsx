import { createFileRoute } from '@tanstack/react-router';
import { presetQueryOptions } from '@/features/streaming/api/get-preset';
import { NewStreamPage } from '@/features/streaming/components/stream-form-page';
import { requireGate } from '@/lib/guards';
import { loadTemporal } from '@/lib/temporal';

/** SPEC §2.7 create wizard (single live). */
export const Route = createFileRoute('/_authed/_shell/streaming/new')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/streaming'),
  loader: async ({ context }) => {
    await Promise.all([loadTemporal(), context.queryClient.ensureQueryData(presetQueryOptions())]);
  },
  component: NewStreamPage,
});
