import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import type { ClientTeam } from '../api/list-client-teams';
import { useSaveTeam } from '../api/save-team';
import * as css from './admin.css';
import { failureText } from './role-options';

/** Create (team null) or rename (a team) a team of the client; undefined: closed. */
export function TeamFormDialog({
  team,
  onClose,
}: {
  team: ClientTeam | null | undefined;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const save = useSaveTeam();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    setName(team?.name ?? '');
    setNameError(undefined);
    setError(undefined);
  }, [team]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(t`O campo é obrigatório`);
    setNameError(undefined);
    setError(undefined);
    save.mutate(
      { ...(team ? { id: team.id } : {}), name: trimmed },
      {
        onSuccess: () => {
          notify('success', team ? t`Time atualizado` : t`Time criado`, trimmed);
          onClose();
        },
        onError: (e) => setError(failureText(e, t`Não foi possível salvar o time. Tente novamente`)),
      },
    );
  };

  return (
    <Dialog
      open={team !== undefined}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={team ? <Trans>Renomear time</Trans> : <Trans>Novo time</Trans>}
      closeLabel={t`Fechar`}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button type="submit" form="team-form" busy={save.isPending}>
            <Trans>Salvar</Trans>
          </Button>
        </>
      }
    >
      <form id="team-form" className={css.form} onSubmit={onSubmit} noValidate>
        <TextField
          name="name"
          label={t`Nome do time`}
          value={name}
          maxLength={100}
          error={nameError}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {error ? <Alert>{error}</Alert> : null}
      </form>
    </Dialog>
  );
}
