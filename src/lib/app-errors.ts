import { msg } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { notify } from '@/components/ui/notify';
import { onApiError } from './api-client';
import { i18n } from './i18n';
import { session } from './session';

type Navigate = (to: string) => void;

/** The red 'Ops' notification (SPEC §8). A failing page often makes several calls (and retries) at
 * once: one 'Ops' while one is on screen or waiting to show; the next failure after it closed shows a
 * new one. */
export function notifyServerError() {
  notify('error', i18n._(msg`Ops`), i18n._(msg`Aconteceu um erro interno...`), { once: 'ops' });
}

/** SPEC §8: a 401 from any call clears the session and goes to /auth/login (unless already there);
 * any 5xx shows the red 'Ops' notification for 5 seconds, top right. */
export function installApiErrorHandling(queryClient: QueryClient, navigate: Navigate) {
  return onApiError((error) => {
    if (error.status === 401) {
      session.clear();
      queryClient.removeQueries({ queryKey: ['session'] });
      if (!window.location.pathname.startsWith('/auth/login')) navigate('/auth/login');
    } else if (error.status >= 500) {
      notifyServerError();
    }
  });
}
