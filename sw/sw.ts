/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { serverPathPatterns } from '../contract/server-paths';
import './upload-sync';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The app shell (HTML, JS, CSS, icons, manifest, the default pt-BR catalog inside the main chunk) is
// precached, so the console opens offline. API calls are never cached here: the query cache in
// IndexedDB is the offline copy of the data.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** A navigation gets the console's index.html from the precache (online and offline; the console's
 * router shows its own "not found" page for a path it does not know). One under a path the server
 * answers itself (its APIs, /docs, the media, and the viewers' and presenters' pages:
 * /embed/, /classroom, /studio/…) goes to the network, even in a browser that has the console installed:
 * one list shared with the server (contract/server-paths.ts, docs/routes.md "Server pages and the
 * service worker"). Offline, such a navigation fails as any web page would rather than showing the
 * console's "not found" page. */
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: serverPathPatterns() }),
);

// The first worker takes the open pages at once (they have none yet), so the console works offline
// from the first visit. A later worker waits until the user accepts the update prompt.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// The page asks a waiting worker to take over when the user accepts the update prompt.
self.addEventListener('message', (event) => {
  if (event.data && (event.data as { type?: string }).type === 'SKIP_WAITING') void self.skipWaiting();
});
