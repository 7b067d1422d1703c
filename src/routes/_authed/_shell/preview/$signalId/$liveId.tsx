import { createFileRoute } from '@tanstack/react-router';
import { streamQueryOptions } from '@/features/streaming/api/get-stream';
import { SignalPreviewPage } from '@/features/streaming/components/preview/signal-preview-page';
import { StreamError } from '@/features/streaming/components/stream-not-found';
import { loadForVisit } from '@/lib/query-client';

/** SPEC §2.2 "other routes": the signal preview (§2.3) by its short path, signal first. Not gated in
 * the console: the server answers the stream to whoever may read it (showStreaming, showHistory or
 * broadcast), and StreamError shows what it refuses. */
export const Route = createFileRoute('/_authed/_shell/preview/$signalId/$liveId')({
  // The page cannot open without its stream (a missing one is StreamError's to say): awaited.
  loader: ({ context, params }) => loadForVisit(context.queryClient, streamQueryOptions(params.liveId)),
  component: PreviewRoute,
  errorComponent: StreamError,
});

function PreviewRoute() {
  const { liveId, signalId } = Route.useParams();
  return <SignalPreviewPage liveId={liveId} signalId={signalId} at="preview" />;
}
