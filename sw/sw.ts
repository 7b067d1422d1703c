/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import './upload-sync';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The app shell (HTML, JS, CSS, icons, manifest, the default pt-BR catalog inside the main chunk) is
// precached, so the console opens offline. API calls are never cached here: the query cache in
// IndexedDB is the offline copy of the data.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Paths the server answers itself: never given index.html, never cached. The viewers' pages (the embed
 * player, /embed/…) and their media (/play/…) are the server's too, even in a browser that has the
 * console installed. */
const API_PREFIXES = [
  '/api/',
  '/bff/',
  '/v1/',
  '/v2/',
  '/ws/',
  '/docs',
  '/healthz',
  '/media/',
  '/upload/',
  '/embed/',
  '/play/',
];
/** The classroom's pages are their own entry (classroom.html), answered by the server. */
const VIEWER_PAGES = [/^\/classroom(\/|\?|$)/];
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [...API_PREFIXES.map((p) => new RegExp(`^${p.replace(/\//g, '\\/')}`)), ...VIEWER_PAGES],
  }),
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
