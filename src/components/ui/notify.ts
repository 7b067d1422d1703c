import type { ToastKind, ToastOptions } from './toast';

export type { ToastKind, ToastOptions };

let requested = false;
const listeners = new Set<() => void>();

/** Whether a toast was asked for: the toaster (src/features/pwa/components/deferred-toaster.tsx) then
 * mounts at once instead of waiting for the page to be idle. */
export const toastRequested = () => requested;

export function subscribeToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Shows a toast. Pages import this, not the toast module: Ark's toaster loads with the first toast
 * (or when the page is idle), not with every page that may notify. One module promise, so toasts keep
 * their order. `options.once` keeps one toast of a kind on screen at a time (toast.tsx). */
export function notify(kind: ToastKind, title: string, description?: string, options?: ToastOptions) {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void import('./toast').then((m) => m.showToast(kind, title, description, options));
}
