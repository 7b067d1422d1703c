import { createFileRoute } from '@tanstack/react-router';
import { streamQueryOptions } from '@/features/streaming/api/get-stream';
import { ControlPanelPage } from '@/features/streaming/components/panel/control-panel-page';
import { StreamError } from '@/features/streaming/components/stream-not-found';
import { requireGate } from '@/lib/guards';
import { loadForVisit } from '@/lib/query-client';

/** SPEC §2.7 control panel of one stream. */
export const Route = createFileRoute('/_authed/_shell/streaming/$liveId/panel')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/streaming'),
  // The page cannot open without its stream (a missing one is StreamError's to say): awaited.
  loader: ({ context, params }) => loadForVisit(context.queryClient, streamQueryOptions(params.liveId)),
  component: PanelRoute,
  errorComponent: StreamError,
});

function PanelRoute() {
  const { liveId } = Route.useParams();
  return <ControlPanelPage liveId={liveId} />;
}
