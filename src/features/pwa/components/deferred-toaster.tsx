import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { subscribeToastRequests, toastRequested } from '@/components/ui/notify';
import { afterFirstPaint } from '../lib/after-first-paint';

// The toaster (Ark/zag) is not needed to paint a page: it loads once the page is idle, or at once when
// a toast is asked for before that. Toasts created before it mounts wait in its store and show when it
// does. It is mounted beside the router (src/main.tsx), not inside a route: the root route's error page
// replaces every route's tree, and an 'Ops' asked for by the failure that brought it would never show.
const Toaster = lazy(() => import('@/components/ui/toast').then((m) => ({ default: m.Toaster })));

export function DeferredToaster() {
  const requested = useSyncExternalStore(subscribeToastRequests, toastRequested, () => false);
  const [idle, setIdle] = useState(false);
  useEffect(() => afterFirstPaint(() => setIdle(true), 1000), []);
  return requested || idle ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
