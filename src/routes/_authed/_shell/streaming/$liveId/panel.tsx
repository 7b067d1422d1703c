import { createFileRoute } from '@tanstack/react-router';
import { streamQueryOptions } from '@/features/streaming/api/get-stream';
import { ControlPanelPage } from '@/features/streaming/components/panel/control-panel-page';
import { StreamError } from '@/features/streaming/components/stream-not-found';
import { requireGate } from '@/lib/guards';

/** SPEC §2.7 control panel of one stream. */
export const Route = createFileRoute('/_authed/_shell/streaming/$liveId/panel')({
  beforeLoad: ({ context }) => requireGate(context.auth, '/streaming'),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(streamQueryOptions(params.liveId)),
  component: PanelRoute,
  errorComponent: StreamError,
});

function PanelRoute() {
  const { liveId } = Route.useParams();
  return <ControlPanelPage liveId={liveId} />;
}
