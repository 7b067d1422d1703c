import { lazy, Suspense, useEffect, useState } from 'react';
import { useOnline } from '@/lib/use-online';
import { afterFirstPaint } from '../lib/after-first-paint';

// Neither is needed to paint a page online, so neither is in the first load: the offline notice loads
// when the browser is offline (from the service worker's precache), the update prompt (and with it
// workbox-window and the service worker registration) once the page is idle.
const OfflineNotice = lazy(() => import('./offline-notice'));
const UpdatePrompt = lazy(() => import('./update-prompt'));

/** The app-wide PWA parts, mounted once in RootLayout: offline notice and update prompt. */
export function PwaLayer() {
  const online = useOnline();
  const [idle, setIdle] = useState(false);
  useEffect(() => afterFirstPaint(() => setIdle(true)), []);
  return (
    <>
      {online ? null : (
        <Suspense fallback={null}>
          <OfflineNotice />
        </Suspense>
      )}
      {idle ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
    </>
  );
}
