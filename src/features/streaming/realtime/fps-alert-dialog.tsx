import { lazy, Suspense, useState } from 'react';
import { useOpenedOnce } from '@/components/ui/use-opened-once';
import type { FpsAlertEvent } from '@/lib/realtime/events';
import { claimFpsAlert } from '@/lib/realtime/fps-gate';
import { useRealtimeEvents } from '@/lib/realtime/use-realtime';

// Every signed-in page mounts the listener; the dialog (an Ark machine and its code) only comes with
// the first alert, which most sessions never see.
const FpsAlertView = lazy(() => import('./fps-alert-view'));

/** SPEC §4 "High-FPS alert": a dialog when an `alerta_fps_alto` arrives, at most once per 10 s across
 * every tab of the browser (the tabs agree through src/lib/realtime/fps-gate.ts). */
export function FpsAlertDialog() {
  const [alert, setAlert] = useState<FpsAlertEvent>();
  useRealtimeEvents((event) => {
    if (event.evento !== 'alerta_fps_alto') return;
    void claimFpsAlert().then((mine) => {
      if (mine) setAlert(event);
    });
  });
  const mounted = useOpenedOnce(alert !== undefined);
  return mounted ? (
    <Suspense fallback={null}>
      <FpsAlertView alert={alert} onClose={() => setAlert(undefined)} />
    </Suspense>
  ) : null;
}
