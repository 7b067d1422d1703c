/// <reference lib="webworker" />

// Background Sync nudge for the VOD upload queue (Chromium only; docs/uploads.md). A service worker
// cannot be trusted to carry a multi-GB upload (the event is cut after about 3 minutes, and other
// browsers have no Background Sync), so it does no uploading: when the network is back it tells the
// open console pages, whose upload engine asks the server for its offset and carries on. With no
// page open it does nothing; the queue resumes when the console is opened again.
// The names are repeated in src/features/vod/upload/sync-nudge.ts (the worker is built apart).

declare const self: ServiceWorkerGlobalScope;

const UPLOAD_SYNC_TAG = 'palco-uploads';
const UPLOAD_SYNC_MESSAGE = 'palco-uploads-sync';

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== UPLOAD_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: UPLOAD_SYNC_MESSAGE });
    }),
  );
});

export {};
