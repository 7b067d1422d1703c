import { createFileRoute } from '@tanstack/react-router';
import { streamQueryOptions } from '@/features/streaming/api/get-stream';
import { EditStreamPage } from '@/features/streaming/components/stream-form-page';
import { StreamError } from '@/features/streaming/components/stream-not-found';
import { requireGate } from '@/lib/guards';
import { loadTemporal } from '@/lib/temporal';

/** Edit a stream (SPEC §2.7): the create wizard over its values. */
export const Route = createFileRoute('/_authed/_shell/streaming/$liveId/edit')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/streaming'),
  loader: async ({ context, params }) => {
    await Promise.all([
      loadTemporal(),
      context.queryClient.ensureQueryData(streamQueryOptions(params.liveId)),
    ]);
  },
  component: EditRoute,
  errorComponent: StreamError,
});

function EditRoute() {
  const { liveId } = Route.useParams();
  return <EditStreamPage liveId={liveId} />;
}
