import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import * as css from '@/components/ui/admin-page.css';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { notify } from '@/components/ui/notify';
import { Select } from '@/components/ui/select';
import { failureText } from '@/lib/failure-text';
import { useChangeUserRole } from '../api/change-user-role';
import { useRoles } from '../api/list-roles';
import type { TeamUser } from '../api/list-users';
import { roleOptions } from './role-options';

/** Change a user's role in the team; the server refuses roles above the caller's and the last manager. */
export function ChangeRoleDialog({ user, onClose }: { user: TeamUser | undefined; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const roles = useRoles(user !== undefined);
  const change = useChangeUserRole();
  const [roleId, setRoleId] = useState('');
  const [error, setError] = useState<string>();
  useEffect(() => {
    setRoleId(user?.role.id ?? '');
    setError(undefined);
  }, [user]);
  const name = user?.name ?? '';

  const save = () => {
    if (!user) return;
    if (roleId === user.role.id) return onClose();
    change.mutate(
      { userId: user.id, roleId },
      {
        onSuccess: () => {
          notify('success', t`Cargo alterado`, name);
          onClose();
        },
        onError: (e) => setError(failureText(e, t`Não foi possível alterar o cargo. Tente novamente`)),
      },
    );
  };

  return (
    <Dialog
      open={user !== undefined}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={<Trans>Alterar cargo</Trans>}
      description={<Trans>O novo cargo de {name} vale a partir da próxima ação dessa pessoa.</Trans>}
      closeLabel={t`Fechar`}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button type="button" busy={change.isPending} onClick={save}>
            <Trans>Salvar</Trans>
          </Button>
        </>
      }
    >
      <div className={css.form}>
        {error ? <Alert>{error}</Alert> : null}
        <Select
          name="role"
          label={t`Cargo`}
          options={roleOptions(roles.data, i18n.locale)}
          value={roleId}
          onValueChange={setRoleId}
        />
      </div>
    </Dialog>
  );
}
