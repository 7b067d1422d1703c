import { UPLOAD_SYNC_MESSAGE, UPLOAD_SYNC_TAG } from './sync-names';

interface SyncCapableRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Chromium: asks the service worker to carry on when the network is back (Background Sync): it sends
 * the kept files itself when no page leads (docs/uploads.md "The service worker sends the chunks").
 * Elsewhere nothing happens; the 'online' event and reopening the console do the same job. */
export function requestSyncNudge(): void {
  const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!sw?.controller) return;
  void sw.ready
    .then((reg) => (reg as SyncCapableRegistration).sync?.register(UPLOAD_SYNC_TAG))
    .catch(() => undefined);
}

/** Calls `onNudge` when the service worker posts the sync message. Returns the unsubscribe. */
export function onSyncNudge(onNudge: () => void): () => void {
  const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!sw) return () => undefined;
  const listener = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === UPLOAD_SYNC_MESSAGE) onNudge();
  };
  sw.addEventListener('message', listener);
  sw.startMessages();
  return () => sw.removeEventListener('message', listener);
}
