import { Trans, useLingui } from '@lingui/react/macro';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { ConfirmDialog } from './confirm-dialog';
import { notify } from './notify';

export interface RemovableUser {
  id: string;
  name: string;
}

/**
 * "Remove from the team?" for a team's users list (/users and the streaming settings' list): the
 * mutation takes the user's id. SPEC §8 "user deleted" notice on success; a user already gone closes
 * the dialog with a notice; any other refusal stays in the dialog.
 */
export function RemoveUserDialog({
  user,
  onClose,
  remove,
}: {
  user: RemovableUser | undefined;
  onClose: () => void;
  remove: UseMutationResult<void, Error, string>;
}) {
  const { t } = useLingui();
  const [error, setError] = useState<string>();
  const removingName = user?.name ?? '';

  const close = () => {
    setError(undefined);
    onClose();
  };
  const confirmRemove = () => {
    if (!user) return;
    const name = user.name;
    remove.mutate(user.id, {
      onSuccess: () => {
        close();
        notify('success', t`Usuário removido da equipe`, name);
      },
      onError: (e) => {
        if (e instanceof ApiError && e.status === 404) {
          close();
          notify('error', t`Usuário não encontrado`);
        } else if (e instanceof ApiError && e.status > 0 && e.status < 500) setError(e.message);
        else setError(t`Não foi possível remover o usuário. Tente novamente`);
      },
    });
  };

  return (
    <ConfirmDialog
      open={user !== undefined}
      onOpenChange={(open) => (open ? undefined : close())}
      title={<Trans>Remover usuário da equipe?</Trans>}
      description={
        <Trans>
          {removingName} perderá o acesso a esta equipe. A conta e as outras equipes do usuário não mudam.
        </Trans>
      }
      confirmLabel={<Trans>Remover</Trans>}
      cancelLabel={<Trans>Cancelar</Trans>}
      closeLabel={t`Fechar`}
      tone="danger"
      busy={remove.isPending}
      error={error}
      onConfirm={confirmRemove}
    />
  );
}
