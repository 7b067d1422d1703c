import type { ToastKind } from './toast';

export type { ToastKind };

/** Shows a toast. Pages import this, not the toast module: Ark's toaster loads with the first toast
 * (or when the page is idle, src/features/pwa/components/deferred-toaster.tsx), not with every page
 * that may notify. One module promise, so toasts keep their order. */
export function notify(kind: ToastKind, title: string, description?: string) {
  void import('./toast').then((m) => m.notify(kind, title, description));
}
