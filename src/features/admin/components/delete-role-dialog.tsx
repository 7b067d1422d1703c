import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/notify';
import { Select } from '@/components/ui/select';
import { failureText } from '@/lib/failure-text';
import { capitalize } from '@/lib/text';
import { useDeleteRole } from '../api/delete-role';
import type { Role } from '../api/list-roles';
import { roleOptions } from './role-options';

/** Delete a role; one in use asks for the role its users and invitations move to first. Keyed by the
 * role in the page, so a new role starts with a clean form. */
export function DeleteRoleDialog({
  role,
  roles,
  onClose,
}: {
  role: Role | undefined;
  roles: readonly Role[];
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const remove = useDeleteRole();
  const [replaceWith, setReplaceWith] = useState('');
  const [error, setError] = useState<string>();
  const inUse = role ? role.usersCount + role.invitationsCount : 0;
  const name = role ? capitalize(role.name, i18n.locale) : '';

  const confirm = () => {
    if (!role) return;
    if (inUse > 0 && !replaceWith) return setError(t`Escolha o cargo que substituirá este`);
    remove.mutate(
      { id: role.id, replaceWith: inUse > 0 ? replaceWith : undefined },
      {
        onSuccess: () => {
          notify('success', t`Cargo excluído`, name);
          onClose();
        },
        onError: (e) => setError(failureText(e, t`Não foi possível excluir o cargo. Tente novamente`)),
      },
    );
  };

  return (
    <ConfirmDialog
      open={role !== undefined}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={<Trans>Excluir o cargo {name}?</Trans>}
      description={
        inUse > 0 ? (
          <Trans>
            Este cargo está em uso ({inUse}). Escolha o cargo que os usuários e convites passarão a ter.
          </Trans>
        ) : (
          <Trans>Nenhum usuário tem este cargo.</Trans>
        )
      }
      confirmLabel={<Trans>Excluir</Trans>}
      cancelLabel={<Trans>Cancelar</Trans>}
      closeLabel={t`Fechar`}
      tone="danger"
      busy={remove.isPending}
      error={error}
      onConfirm={confirm}
    >
      {inUse > 0 ? (
        <Select
          name="replaceWith"
          label={t`Substituir por`}
          options={roleOptions(
            roles.filter((r) => r.id !== role?.id),
            i18n.locale,
          )}
          value={replaceWith}
          onValueChange={setReplaceWith}
          placeholder={t`Escolha um cargo`}
        />
      ) : null}
    </ConfirmDialog>
  );
}
