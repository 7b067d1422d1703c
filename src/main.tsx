import '@/styles/global.css';
import { I18nProvider } from '@lingui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installApiErrorHandling } from '@/lib/app-errors';
import { activateLocale, i18n, storedLocale } from '@/lib/i18n';
import { BUILD_ID, createIdbPersister, createQueryClient, NEVER_PERSISTED, PERSIST_MAX_AGE_MS } from '@/lib/query-client';
import { session } from '@/lib/session';
import { hideSplash, SPLASH_MAX_MS } from '@/lib/splash';
import { routeTree } from './routeTree.gen';

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

await activateLocale(storedLocale());

const persister = createIdbPersister();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{
          persister,
          buster: BUILD_ID,
          maxAge: PERSIST_MAX_AGE_MS,
          dehydrateOptions: {
            shouldDehydrateQuery: (q) =>
              q.state.status === 'success' && !NEVER_PERSISTED.has(String(q.queryKey[0])),
          },
        }}
      >
        <RouterProvider router={router} />
      </PersistQueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
