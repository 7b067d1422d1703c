import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PwaLayer } from '@/features/pwa/components/pwa-layer';
import { ErrorPage } from '@/features/shell/components/error-page';
import { NotFoundPage } from '@/features/shell/components/not-found-page';
import type { Session } from '@/lib/session';
import { hideSplash } from '@/lib/splash';

export interface RouterContext {
  auth: Session;
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

function RootLayout() {
  // The app is ready once the first route has rendered: the splash must never delay it.
  useEffect(hideSplash, []);
  return (
    <>
      <Outlet />
      <PwaLayer />
    </>
  );
}
