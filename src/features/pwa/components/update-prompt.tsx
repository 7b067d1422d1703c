import { Trans } from '@lingui/react/macro';
import { useEffect, useSyncExternalStore } from 'react';
import { createUpdateController, type UpdateController } from '../lib/sw-update';
import * as css from './pwa.css';

/** workbox-window is loaded only here, after the first paint, never in the critical path. */
const defaultController = createUpdateController(async () => {
  const { Workbox } = await import('workbox-window');
  return new Workbox('/sw.js', { scope: '/' });
});

let started = false;

/** Registers the service worker (production builds only) and offers a new version when one waits:
 * 'Atualizar' activates it and reloads, 'Depois' hides the prompt. */
export default function UpdatePrompt({ controller = defaultController }: { controller?: UpdateController }) {
  const { waiting } = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);

  useEffect(() => {
    // This module itself is loaded after the first paint (PwaLayer).
    if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    started = true;
    controller.start().catch(() => {
      // No service worker (private mode, blocked): the console still works online.
    });
  }, [controller]);

  if (!waiting) return null;
  return (
    <section className={css.prompt} aria-labelledby="pwa-update-title" data-testid="update-prompt">
      <p id="pwa-update-title" className={css.promptText} role="status">
        <Trans>Nova versão disponível</Trans>
      </p>
      <div className={css.actions}>
        <button type="button" className={css.secondary} onClick={controller.dismiss}>
          <Trans>Depois</Trans>
        </button>
        <button type="button" className={css.primary} onClick={controller.accept}>
          <Trans>Atualizar</Trans>
        </button>
      </div>
    </section>
  );
}
