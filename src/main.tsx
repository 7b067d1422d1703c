import '@/styles/global.css';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DeferredToaster } from '@/features/pwa/components/deferred-toaster';
import { installTabSync } from '@/features/pwa/lib/tab-sync';
import { installApiErrorHandling } from '@/lib/app-errors';
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
setTimeout(hideSplash, SPLASH_MAX_MS);

// The persisted query cache (IndexedDB) is back before the first render, so pages opened offline find
// their last data; the 'session' queries are never persisted, the build id busts it. The active
// locale's catalogue loads meanwhile.
const persister = createIdbPersister();
await Promise.all([activateLocale(storedLocale()), restorePersistedCache(queryClient, persister)]);
persistCache(queryClient, persister);

// The tabs keep in step from here on, not before: what another tab's change does here (router.invalidate)
// runs the pages' guards, and those need the locale's catalogue loaded above. A second tab opened while
// the first stored its session got the error page ('reading pages' of no locale). What another tab
// stored meanwhile is read now instead.
session.reload();
installTabSync({
  session,
  queryClient,
  invalidateRouter: () => void router.invalidate(),
  navigate: (to) => void router.navigate({ to }),
  currentPath: () => router.state.location.pathname,
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {/* Beside the router, so the root route's error page has it too (deferred-toaster.tsx). */}
        <DeferredToaster />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
