import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { isStaff } from '@/lib/permissions';
import { useSession } from '@/lib/use-session';
import { usePermissionCatalog } from '../api/list-permissions';
import type { Role } from '../api/list-roles';
import { useSaveRole } from '../api/save-role';
import * as css from './admin.css';
import { failureText } from './role-options';

export interface RoleFormProps {
  /** undefined: closed; null: a new role; a role: edit it. */
  role: Role | null | undefined;
  onClose: () => void;
}

/** Create or edit a role: a name and permission checkboxes with their descriptions. A permission the
 * user does not hold is shown but cannot be ticked (the server refuses it too). */
export function RoleFormDialog({ role, onClose }: RoleFormProps) {
  const { t, i18n } = useLingui();
  const open = role !== undefined;
  const catalog = usePermissionCatalog(i18n.locale, open);
  const save = useSaveRole();
  const held = useSession().permissions;
  const staff = isStaff(held);
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [nameError, setNameError] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    setName(role?.name ?? '');
    setPicked(role?.permissions ?? []);
    setNameError(undefined);
    setError(undefined);
  }, [role]);

  const toggle = (permission: string, on: boolean) =>
    setPicked((now) => (on ? [...now, permission] : now.filter((p) => p !== permission)));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(t`O campo é obrigatório`);
    setNameError(undefined);
    setError(undefined);
    save.mutate(
      { ...(role ? { id: role.id } : {}), name: trimmed, permissions: picked },
      {
        onSuccess: () => {
          notify('success', role ? t`Cargo atualizado` : t`Cargo criado`, trimmed);
          onClose();
        },
        onError: (e) => setError(failureText(e, t`Não foi possível salvar o cargo. Tente novamente`)),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={role ? <Trans>Editar cargo</Trans> : <Trans>Novo cargo</Trans>}
      closeLabel={t`Fechar`}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button type="submit" form="role-form" busy={save.isPending}>
            <Trans>Salvar</Trans>
          </Button>
        </>
      }
    >
      <form id="role-form" className={css.form} onSubmit={onSubmit} noValidate>
        {error ? <Alert>{error}</Alert> : null}
        <TextField
          name="name"
          label={t`Nome do cargo`}
          value={name}
          maxLength={50}
          error={nameError}
          onChange={(e) => setName(e.currentTarget.value)}
          required
        />
        <fieldset className={css.checks}>
          <legend className={css.sectionTitle}>
            <Trans>Permissões</Trans>
          </legend>
          {catalog.isPending ? (
            <p className={css.muted}>
              <Trans>Carregando…</Trans>
            </p>
          ) : null}
          {catalog.data?.map((entry) => {
            const allowed = staff || held.includes(entry.permission);
            return (
              <label
                key={entry.permission}
                className={css.check}
                data-disabled={allowed ? undefined : 'true'}
              >
                <input
                  type="checkbox"
                  className={css.checkbox}
                  checked={picked.includes(entry.permission)}
                  disabled={!allowed}
                  onChange={(e) => toggle(entry.permission, e.currentTarget.checked)}
                />
                <span className={css.cell}>
                  <span className={css.code}>{entry.permission}</span>
                  <span className={css.muted}>{entry.description}</span>
                  {allowed ? null : (
                    <span className={css.muted}>
                      <Trans>Você não tem esta permissão.</Trans>
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </fieldset>
      </form>
    </Dialog>
  );
}
