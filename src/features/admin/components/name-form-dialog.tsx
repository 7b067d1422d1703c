import { Trans, useLingui } from '@lingui/react/macro';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import * as css from '@/components/ui/admin-page.css';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { failureText } from '@/lib/failure-text';

export interface NameFormDialogProps<V> {
  /** undefined: closed; null: a new one; an item: edit it (its name fills the field). */
  item: { name: string } | null | undefined;
  formId: string;
  title: ReactNode;
  nameLabel: string;
  maxLength: number;
  /** Marks the name field required for assistive technology (the form checks it either way). */
  required?: boolean;
  /** The save failure shown above the fields instead of below them. */
  errorFirst?: boolean;
  save: UseMutationResult<unknown, Error, V>;
  /** What to save, from the trimmed name. */
  toInput: (name: string) => V;
  /** The toast's title once saved (its text is the name). */
  savedText: string;
  /** Shown when the save fails without a message of the server's to show. */
  failedText: string;
  onClose: () => void;
  /** More fields, after the name. */
  children?: ReactNode;
}

/** A dialog that creates or edits something named (a team, a role): the name, required and trimmed,
 * any further fields, and Cancel/Save; it closes once saved. */
export function NameFormDialog<V>({
  item,
  formId,
  title,
  nameLabel,
  maxLength,
  required,
  errorFirst,
  save,
  toInput,
  savedText,
  failedText,
  onClose,
  children,
}: NameFormDialogProps<V>) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    setName(item?.name ?? '');
    setNameError(undefined);
    setError(undefined);
  }, [item]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(t`O campo é obrigatório`);
    setNameError(undefined);
    setError(undefined);
    save.mutate(toInput(trimmed), {
      onSuccess: () => {
        notify('success', savedText, trimmed);
        onClose();
      },
      onError: (e) => setError(failureText(e, failedText)),
    });
  };

  const alert = error ? <Alert>{error}</Alert> : null;
  return (
    <Dialog
      open={item !== undefined}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={title}
      closeLabel={t`Fechar`}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button type="submit" form={formId} busy={save.isPending}>
            <Trans>Salvar</Trans>
          </Button>
        </>
      }
    >
      <form id={formId} className={css.form} onSubmit={onSubmit} noValidate>
        {errorFirst ? alert : null}
        <TextField
          name="name"
          label={nameLabel}
          value={name}
          maxLength={maxLength}
          error={nameError}
          onChange={(e) => setName(e.currentTarget.value)}
          required={required}
        />
        {children}
        {errorFirst ? null : alert}
      </form>
    </Dialog>
  );
}
