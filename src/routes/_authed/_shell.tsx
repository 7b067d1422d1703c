import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppShell } from '@/features/shell/components/app-shell';
import { resumeUploads } from '@/features/vod/upload/boot';
import { useSession } from '@/lib/use-session';

/** The signed-in layout (aside, header, page) around every console page. Whatever page the console
 * opens on, uploads left unfinished (page closed, network lost, a crash) resume from the server's
 * offset: the engine loads only when the stored queue holds something of this user's to do. */
function SignedInLayout() {
  const userId = useSession().user?.id;
  useEffect(() => resumeUploads(userId), [userId]);
  return <AppShell />;
}

export const Route = createFileRoute('/_authed/_shell')({ component: SignedInLayout });
