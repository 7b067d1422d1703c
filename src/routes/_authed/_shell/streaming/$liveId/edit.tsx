import { createFileRoute } from '@tanstack/react-router';
import { classroomContentQueryOptions } from '@/features/streaming/api/classroom';
import { streamQueryOptions } from '@/features/streaming/api/get-stream';
import { EditStreamPage } from '@/features/streaming/components/stream-form-page';
import { StreamError } from '@/features/streaming/components/stream-not-found';
import { requireGate } from '@/lib/guards';
import { loadForVisit } from '@/lib/query-client';
import { loadTemporal } from '@/lib/temporal';

/** Edit a stream (SPEC §2.7): the create wizard over its values. */
export const Route = createFileRoute('/_authed/_shell/streaming/$liveId/edit')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/streaming'),
  loader: async ({ context, params }) => {
    const { queryClient } = context;
    const stream = streamQueryOptions(params.liveId);
    const classroom = classroomContentQueryOptions(params.liveId);
    // The wizard is seeded once from these: a visit waits for its own answer (offline, or when no answer
    // comes, the saved copy), never a copy restored from before the last save.
    await Promise.all([
      loadTemporal(),
      loadForVisit(queryClient, stream),
      loadForVisit(queryClient, classroom),
    ]);
  },
  component: EditRoute,
  errorComponent: StreamError,
});

function EditRoute() {
  const { liveId } = Route.useParams();
  return <EditStreamPage liveId={liveId} />;
}
