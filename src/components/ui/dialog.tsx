import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import * as css from './dialog.css';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The × button's accessible name. */
  closeLabel: string;
  children?: ReactNode;
  /** Buttons under the content (right-aligned). */
  footer?: ReactNode;
  /** 'modal' is centred; 'sheet' rises from the bottom edge (phones). */
  variant?: 'modal' | 'sheet';
  className?: string;
}

/** A modal dialog (Ark): focus moves in and is trapped, Escape and the backdrop close it, and focus
 * returns to the element that opened it. Controlled: the opener sets `open`. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  footer,
  variant = 'modal',
  className,
}: DialogProps) {
  return (
    <ArkDialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} lazyMount unmountOnExit>
      <Portal>
        <ArkDialog.Positioner className={css.positioner[variant]}>
          {/* Inside the positioner, under the content whatever order the portal mounts them in. */}
          <ArkDialog.Backdrop className={css.backdrop} />
          <ArkDialog.Content className={[css.content[variant], className].filter(Boolean).join(' ')}>
            <div className={css.head}>
              <div>
                <ArkDialog.Title className={css.title}>{title}</ArkDialog.Title>
                {description ? (
                  <ArkDialog.Description className={css.description}>{description}</ArkDialog.Description>
                ) : null}
              </div>
              <ArkDialog.CloseTrigger className={css.close} aria-label={closeLabel}>
                <span aria-hidden="true">×</span>
              </ArkDialog.CloseTrigger>
            </div>
            {children}
            {footer ? <div className={css.footer}>{footer}</div> : null}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
