import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { ApiError } from '@/lib/api-client';
import { useCreateDirectory } from '../api/create-directory';
import * as css from './dialogs.css';

const MAX_NAME = 120;

export interface CreateFolderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The folder the new one goes in (null: the top level). */
  parentId: string | null;
}

/** 'Nova pasta': a name (1–120 characters, unique among its siblings — the server says so). */
export function CreateFolderDialog({ open, onOpenChange, parentId }: CreateFolderDialogProps) {
  const { t } = useLingui();
  const formId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const create = useCreateDirectory();

  const close = (next: boolean) => {
    if (!next) {
      setName('');
      setError(undefined);
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim();
    if (!value) return setError(t`O campo é obrigatório`);
    if (value.length > MAX_NAME) return setError(t`O tamanho máximo é ${MAX_NAME}`);
    create.mutate(
      { name: value, parentId },
      {
        onSuccess: () => {
          notify('success', t`Pasta criada`);
          close(false);
        },
        onError: (e) =>
          setError(
            e instanceof ApiError && e.status === 409 ? e.message : t`Não foi possível criar a pasta.`,
          ),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={<Trans>Nova pasta</Trans>}
      closeLabel={t`Fechar`}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button type="submit" form={formId} busy={create.isPending}>
            <Trans>Criar</Trans>
          </Button>
        </>
      }
    >
      <form id={formId} className={css.form} onSubmit={submit} noValidate>
        <TextField
          name="name"
          label={<Trans>Nome da pasta</Trans>}
          value={name}
          maxLength={MAX_NAME}
          autoComplete="off"
          required
          error={error}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
        />
      </form>
    </Dialog>
  );
}
