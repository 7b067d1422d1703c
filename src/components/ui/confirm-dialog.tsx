import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import * as css from './confirm-dialog.css';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Button texts and the × button's name (already translated). */
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  closeLabel: string;
  /** 'danger' for what cannot be undone (delete, end). */
  tone?: 'primary' | 'danger';
  busy?: boolean;
  /** The failure of the last attempt (shown above the buttons; the dialog stays open). */
  error?: ReactNode;
  onConfirm: () => void;
}

/** "Are you sure?" on the dialog wrapper: the confirm button is last, cancel is the safe default. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  closeLabel,
  tone = 'primary',
  busy,
  error,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={title}
      description={description}
      closeLabel={closeLabel}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button className={tone === 'danger' ? css.danger : undefined} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error ? <Alert>{error}</Alert> : null}
    </Dialog>
  );
}
