import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import * as css from '@/components/ui/admin-page.css';
import { Button } from '@/components/ui/button';
import { ListError, listQueryState } from '@/components/ui/list-error';
import { Skeleton } from '@/components/ui/skeleton';
import { capitalize } from '@/lib/text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type Role, useRoles } from '../api/list-roles';
import { permissionsCount, usersCount } from '../counts';
import { DeleteRoleDialog } from './delete-role-dialog';
import { RoleFormDialog } from './role-form-dialog';

/** /roles (showRoles): the team's named permission sets. */
export function RolesPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Cargos`);
  const roles = useRoles();
  const [editing, setEditing] = useState<Role | null>();
  const [deleting, setDeleting] = useState<Role>();

  return (
    <div className={css.page}>
      <div className={css.header}>
        <h1 className={css.title}>
          <Trans>Cargos</Trans>
        </h1>
        <Button type="button" onClick={() => setEditing(null)}>
          <Trans>Novo cargo</Trans>
        </Button>
      </div>
      <ListError {...listQueryState(roles)} />
      {roles.data === undefined ? (
        roles.isError ? null : (
          <div className={css.list} aria-busy="true">
            <div className={css.row}>
              <Skeleton height="1.2em" />
            </div>
          </div>
        )
      ) : (
        <ul className={css.list}>
          {roles.data.map((r) => {
            const name = capitalize(r.name, i18n.locale);
            return (
              <li key={r.id} className={css.row} data-testid="role">
                <span className={css.name}>{name}</span>
                <span className={css.muted}>{i18n._(permissionsCount(r.permissions.length))}</span>
                <span className={css.muted}>{i18n._(usersCount(r.usersCount))}</span>
                <span className={css.actions}>
                  <button type="button" className={css.linkButton} onClick={() => setEditing(r)}>
                    <Trans>Editar</Trans>
                    <span className={css.visuallyHidden}> {name}</span>
                  </button>
                  <button type="button" className={css.dangerLink} onClick={() => setDeleting(r)}>
                    <Trans>Excluir</Trans>
                    <span className={css.visuallyHidden}> {name}</span>
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <RoleFormDialog role={editing} onClose={() => setEditing(undefined)} />
      <DeleteRoleDialog
        key={deleting?.id ?? 'none'}
        role={deleting}
        roles={roles.data ?? []}
        onClose={() => setDeleting(undefined)}
      />
    </div>
  );
}
