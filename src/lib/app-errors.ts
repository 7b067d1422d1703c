import { msg } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { onApiError } from './api-client';
import { i18n } from './i18n';
import { session } from './session';

type Navigate = (to: string) => void;

/** A failing page often makes several calls (and retries) at once: one 'Ops' while one is on screen. */
const OPS_DURATION_MS = 5000;
let lastOpsAt = Number.NEGATIVE_INFINITY;

/** SPEC §8: a 401 from any call clears the session and goes to /auth/login (unless already there);
 * any 5xx shows the red 'Ops' notification for 5 seconds, top right. */
export function installApiErrorHandling(queryClient: QueryClient, navigate: Navigate) {
  return onApiError((error) => {
    if (error.status === 401) {
      session.clear();
      queryClient.removeQueries({ queryKey: ['session'] });
      if (!window.location.pathname.startsWith('/auth/login')) navigate('/auth/login');
    } else if (error.status >= 500) {
      const now = Date.now();
      if (now - lastOpsAt < OPS_DURATION_MS) return;
      lastOpsAt = now;
      // The toast module (Ark) is loaded on demand: it is not part of the first load.
      void import('@/components/ui/toast').then(({ notify }) =>
        notify('error', i18n._(msg`Ops`), i18n._(msg`Aconteceu um erro interno...`)),
      );
    }
  });
}
