import { Portal } from '@ark-ui/react/portal';
import { Toaster as ArkToaster, createToaster, Toast } from '@ark-ui/react/toast';
import * as css from './toast.css';

/** One toaster for the app: top right (SPEC §8), 5 seconds by default. */
export const toaster = createToaster({ placement: 'top-end', duration: 5000, overlap: false, gap: 12 });

export type ToastKind = 'error' | 'success' | 'info' | 'warning';

export function notify(kind: ToastKind, title: string, description?: string) {
  toaster.create({ type: kind, title, description });
}

export function Toaster() {
  return (
    <Portal>
      <ArkToaster toaster={toaster}>
        {(toast) => (
          <Toast.Root className={css.root} data-kind={toast.type}>
            <Toast.Title className={css.title}>{toast.title}</Toast.Title>
            {toast.description ? (
              <Toast.Description className={css.description}>{toast.description}</Toast.Description>
            ) : null}
            <Toast.CloseTrigger className={css.close} aria-label="×">
              ×
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </ArkToaster>
    </Portal>
  );
}
