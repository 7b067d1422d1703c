import { Portal } from '@ark-ui/react/portal';
import { Toaster as ArkToaster, createToaster, Toast } from '@ark-ui/react/toast';
import { useLingui } from '@lingui/react/macro';
import { HEADER_HEIGHT } from '@/styles/theme.css';
import * as css from './toast.css';

/** One toaster for the app: top right (SPEC §8), 5 seconds by default. The stack starts under the
 * header (never over the team selector, language selector or logout) and shows at most 3 toasts; the
 * next ones wait their turn. */
export const toaster = createToaster({
  placement: 'top-end',
  duration: 5000,
  overlap: false,
  gap: 12,
  max: 3,
  offsets: { top: `calc(${HEADER_HEIGHT} + 12px)`, right: '16px', bottom: '16px', left: '16px' },
});

export type ToastKind = 'error' | 'success' | 'info' | 'warning';

export interface ToastOptions {
  /** At most one toast with this key at a time: asked again while one is on screen (or waiting for the
   * toaster, or for its turn), nothing more shows; once it starts to close, the next one does. */
  once?: string;
}

/** The toast each `once` key has on screen or waiting. */
const onceIds = new Map<string, string>();
let serial = 0;

/** Shows a toast. Pages call `notify` from notify.ts, which loads this module with the first toast. */
export function showToast(kind: ToastKind, title: string, description?: string, options: ToastOptions = {}) {
  const { once } = options;
  const current = once === undefined ? undefined : onceIds.get(once);
  if (current !== undefined && !toaster.isDismissed(current)) return;
  serial += 1;
  const id = `toast:${serial}`;
  const forget = () => {
    if (once !== undefined && onceIds.get(once) === id) onceIds.delete(once);
  };
  if (once !== undefined) onceIds.set(once, id);
  // Created a microtask later, never inside a React render or effect: zag's toaster adds a toast to
  // those on screen with a state update React can only flush outside one, and two toasts created
  // inside one effect left only the last on screen.
  queueMicrotask(() =>
    toaster.create({
      id,
      type: kind,
      title,
      description,
      onStatusChange: ({ status }) => {
        if (status !== 'visible') forget();
      },
    }),
  );
}

export function Toaster() {
  const { t } = useLingui();
  return (
    <Portal>
      <ArkToaster toaster={toaster}>
        {(toast) => (
          <Toast.Root className={css.root} data-kind={toast.type}>
            <Toast.Title className={css.title}>{toast.title}</Toast.Title>
            {toast.description ? (
              <Toast.Description className={css.description}>{toast.description}</Toast.Description>
            ) : null}
            <Toast.CloseTrigger className={css.close} aria-label={t`Fechar`}>
              ×
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </ArkToaster>
    </Portal>
  );
}
