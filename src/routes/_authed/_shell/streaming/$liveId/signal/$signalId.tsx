import { createFileRoute } from '@tanstack/react-router';
import { streamQueryOptions } from '@/features/streaming/api/get-stream';
import { SignalPreviewPage } from '@/features/streaming/components/preview/signal-preview-page';
import { StreamError } from '@/features/streaming/components/stream-not-found';
import { requireGate } from '@/lib/guards';
import { loadForVisit } from '@/lib/query-client';

/** SPEC §2.3 signal preview. */
export const Route = createFileRoute('/_authed/_shell/streaming/$liveId/signal/$signalId')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/streaming'),
  // The page cannot open without its stream (a missing one is StreamError's to say): awaited.
  loader: ({ context, params }) => loadForVisit(context.queryClient, streamQueryOptions(params.liveId)),
  component: PreviewRoute,
  errorComponent: StreamError,
});

function PreviewRoute() {
  const { liveId, signalId } = Route.useParams();
  return <SignalPreviewPage liveId={liveId} signalId={signalId} />;
}
