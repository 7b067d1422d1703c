import { createFileRoute } from '@tanstack/react-router';
import { classroomContentQueryOptions } from '@/features/streaming/api/classroom';
import { streamQueryOptions } from '@/features/streaming/api/get-stream';
import { EditStreamPage } from '@/features/streaming/components/stream-form-page';
import { StreamError } from '@/features/streaming/components/stream-not-found';
import { loadTemporal } from '@/features/streaming/lib/temporal';
import { requireGate } from '@/lib/guards';

/** Edit a stream (SPEC §2.7): the create wizard over its values. */
export const Route = createFileRoute('/_authed/_shell/streaming/$liveId/edit')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/streaming'),
  loader: async ({ context, params }) => {
    await Promise.all([
      loadTemporal(),
      context.queryClient.ensureQueryData(streamQueryOptions(params.liveId)),
      context.queryClient.ensureQueryData(classroomContentQueryOptions(params.liveId)),
    ]);
  },
  component: EditRoute,
  errorComponent: StreamError,
});

function EditRoute() {
  const { liveId } = Route.useParams();
  return <EditStreamPage liveId={liveId} />;
}
