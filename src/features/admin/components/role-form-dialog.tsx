import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import * as css from '@/components/ui/admin-page.css';
import { isStaff } from '@/lib/permissions';
import { useSession } from '@/lib/use-session';
import { usePermissionCatalog } from '../api/list-permissions';
import type { Role } from '../api/list-roles';
import { useSaveRole } from '../api/save-role';
import { NameFormDialog } from './name-form-dialog';

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
  const [picked, setPicked] = useState<string[]>([]);
  useEffect(() => setPicked(role?.permissions ?? []), [role]);

  const toggle = (permission: string, on: boolean) =>
    setPicked((now) => (on ? [...now, permission] : now.filter((p) => p !== permission)));

  return (
    <NameFormDialog
      item={role}
      formId="role-form"
      title={role ? <Trans>Editar cargo</Trans> : <Trans>Novo cargo</Trans>}
      nameLabel={t`Nome do cargo`}
      maxLength={50}
      required
      errorFirst
      save={save}
      toInput={(name) => ({ ...(role ? { id: role.id } : {}), name, permissions: picked })}
      savedText={role ? t`Cargo atualizado` : t`Cargo criado`}
      failedText={t`Não foi possível salvar o cargo. Tente novamente`}
      onClose={onClose}
    >
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
            <label key={entry.permission} className={css.check} data-disabled={allowed ? undefined : 'true'}>
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
    </NameFormDialog>
  );
}
