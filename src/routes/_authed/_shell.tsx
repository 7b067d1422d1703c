import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppShell } from '@/features/shell/components/app-shell';
import { FpsAlertDialog } from '@/features/streaming/realtime/fps-alert-dialog';
import { useStreamingRealtime } from '@/features/streaming/realtime/use-streaming-realtime';
import { useVodRealtime } from '@/features/vod/api/realtime';
import { resumeUploads } from '@/features/vod/upload/boot';
import { meQueryOptions } from '@/lib/me';
import { useAccountRealtime } from '@/lib/realtime/use-realtime';
import { useSession } from '@/lib/use-session';

/** The signed-in layout (aside, header, page) around every console page. Whatever page the console
 * opens on, uploads left unfinished (page closed, network lost, a crash) resume from the server's
 * offset: the engine loads only when the stored queue holds something of this user's to do. The
 * team's event stream (one socket per browser, docs/realtime.md) keeps the pages' data current. */
function SignedInLayout() {
  const { user } = useSession();
  const userId = user?.id;
  const queryClient = useQueryClient();
  useEffect(() => resumeUploads(userId), [userId]);
  // A refused socket (bad session, not in the team) is the session's business: asking for the user
  // again lets the app's 401 handling sign out when it must.
  useAccountRealtime(() => void queryClient.refetchQueries({ queryKey: meQueryOptions().queryKey }));
  useStreamingRealtime();
  useVodRealtime(user?.selectedTeamId);
  return (
    <>
      <AppShell />
      <FpsAlertDialog />
    </>
  );
}

export const Route = createFileRoute('/_authed/_shell')({ component: SignedInLayout });
