import '@/styles/global.css';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installTabSync } from '@/features/pwa/lib/tab-sync';
import { installApiErrorHandling } from '@/lib/app-errors';
import { endFirstLoad, nextTask } from '@/lib/first-load';
import { activateLocale, i18n, storedLocale } from '@/lib/i18n';
import {
  createIdbPersister,
  createQueryClient,
  persistCache,
  restorePersistedCache,
} from '@/lib/query-client';
import { session } from '@/lib/session';
import { hideSplash, SPLASH_MAX_MS } from '@/lib/splash';
import { routeTree } from './routeTree.gen';

// When the app's code began to run (after the splash's first paint: src/boot.ts); e2e/shell.spec.ts.
performance.mark('palco:app-start');

// Between the start-up steps below the browser runs (paint, input): each is its own short task
// instead of one long one that blocks a phone's main thread.
await nextTask();

const queryClient = createQueryClient();

const router = createRouter({
  routeTree,
  context: { auth: session, queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

installApiErrorHandling(queryClient, (to) => void router.navigate({ to }));
installTabSync({
  session,
  queryClient,
  invalidateRouter: () => void router.invalidate(),
  navigate: (to) => void router.navigate({ to }),
  currentPath: () => router.state.location.pathname,
});
// The first page renders in steps (src/lib/first-load.ts); a navigation ends that.
router.subscribe('onBeforeNavigate', ({ fromLocation }) => {
  if (fromLocation) endFirstLoad();
});
setTimeout(hideSplash, SPLASH_MAX_MS);
await nextTask();

// The first page's code starts downloading now, while the session and the cached queries come back,
// and in a task of its own: Vite's preload helper inserts a link per file of a chunk's imports (most
// of a millisecond each here), which inside the router's first load made that task a long one. The
// router finds these chunks loading (or loaded) and waits for them as it would have for its own.
// (Not for a signed-out visit to a signed-in page: that goes to the login instead.)
const firstMatches = router.matchRoutes(router.latestLocation);
if (session.isAuthenticated() || !firstMatches.some((m) => m.routeId === '/_authed')) {
  // One route's chunk (and its links) per task.
  for (const match of firstMatches) {
    router.loadRouteChunk(router.routesById[match.routeId as keyof typeof router.routesById])?.catch(() => {
      // The router's own load meets the same failure and shows it (src/routes/__root.tsx errorComponent).
    });
    await nextTask();
  }
}

// The persisted query cache (IndexedDB) is back before the router's first load, so pages opened
// offline find their last data; the 'session' queries are never persisted, the build id busts it.
// The catalogue is activated in one task, the database opened in the next.
const locale = activateLocale(storedLocale());
await nextTask();
const persister = createIdbPersister();
await Promise.all([locale, restorePersistedCache(queryClient, persister)]);
persistCache(queryClient, persister);
await nextTask();

const root = createRoot(document.getElementById('root')!);
root.render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
