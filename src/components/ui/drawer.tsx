import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactElement, ReactNode } from 'react';
import * as css from './drawer.css';

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the drawer (rendered as the dialog trigger). */
  trigger: ReactElement;
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
  className?: string;
}

/** A modal panel sliding in from the start edge (Ark dialog): focus is trapped, Escape and the
 * backdrop close it, focus returns to the trigger. */
export function Drawer({ open, onOpenChange, trigger, title, closeLabel, children, className }: DrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} lazyMount unmountOnExit>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Positioner className={css.positioner}>
          {/* Inside the positioner, under the content whatever order the portal mounts them in. */}
          <Dialog.Backdrop className={css.backdrop} />
          <Dialog.Content className={[css.content, className].filter(Boolean).join(' ')}>
            <div className={css.head}>
              <Dialog.Title className={css.title}>{title}</Dialog.Title>
              <Dialog.CloseTrigger className={css.close} aria-label={closeLabel}>
                <span aria-hidden="true">×</span>
              </Dialog.CloseTrigger>
            </div>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
