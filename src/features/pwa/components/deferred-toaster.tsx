import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstPaint } from '../lib/after-first-paint';

// The toaster (Ark/zag) is not needed to paint a page: it loads once the page is idle. Toasts created
// before it mounts wait in its store and show when it does.
const Toaster = lazy(() => import('@/components/ui/toast').then((m) => ({ default: m.Toaster })));

export function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstPaint(() => setReady(true), 1000), []);
  return ready ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
