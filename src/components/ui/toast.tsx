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

export function notify(kind: ToastKind, title: string, description?: string) {
  toaster.create({ type: kind, title, description });
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
