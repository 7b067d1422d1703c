import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import * as formStyles from '@/components/ui/form.css';
import * as layout from '@/components/ui/layout.css';
import * as lists from '@/components/ui/list.css';
import { ListError, listQueryState } from '@/components/ui/list-error';
import { RemoveUserDialog } from '@/components/ui/remove-user-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { MANAGE_TEAM_USERS } from '@/lib/permissions';
import { capitalize } from '@/lib/text';
import { useCopy } from '@/lib/use-copy';
import { useIsMobile } from '@/lib/use-media-query';
import { useCan, useSession } from '@/lib/use-session';
import { type AccountUser, useAccountUsers } from '../../api/list-account-users';
import { useRemoveAccountUser } from '../../api/remove-account-user';
import { formatDateTime } from '../../lib/format';
import * as css from '../streaming.css';

/** SPEC §2.7 users list: name, last login (or 'Sem último acesso') and actions: copy the e-mail, and
 * — for users who may manage the team's users (showUsers / manageTeamUsers; the server checks it
 * again) — remove someone else from the team, behind a confirmation (§8 "user deleted" notice). */
export function UsersList() {
  const { t, i18n } = useLingui();
  const users = useAccountUsers();
  const copy = useCopy();
  const canManage = useCan(['showUsers', MANAGE_TEAM_USERS]);
  const me = useSession().user?.id;
  const mobile = useIsMobile();
  const remove = useRemoveAccountUser();
  const [removing, setRemoving] = useState<AccountUser>();
  // SPEC §4: role names are shown capitalised; the server's value is left as it is.
  const role = (name: string) => capitalize(name, i18n.locale);
  const lastAccess = (at: string | null) => (at ? formatDateTime(at, i18n.locale) : t`Sem último acesso`);

  const actions = (u: AccountUser) => (
    <div className={layout.toolbar}>
      <button type="button" className={css.linkButton} onClick={() => void copy(u.login, t`E-mail copiado`)}>
        <Trans>Copiar e-mail</Trans>
        <span className={layout.visuallyHidden}> {u.nome}</span>
      </button>
      {canManage && u.id !== me ? (
        <button type="button" className={css.dangerLink} onClick={() => setRemoving(u)}>
          <Trans>Remover da equipe</Trans>
          <span className={layout.visuallyHidden}> {u.nome}</span>
        </button>
      ) : null}
    </div>
  );
  return (
    <section className={formStyles.fieldset} aria-labelledby="users-title">
      <h3 id="users-title" className={css.legend}>
        <Trans>Usuários da equipe</Trans>
      </h3>
      <div className={layout.surface}>
        <ListError {...listQueryState(users)} />
        {users.data === undefined ? (
          users.isError ? null : (
            <div className={layout.card} aria-busy="true">
              <Skeleton height="1.2em" />
              <Skeleton height="1.2em" />
            </div>
          )
        ) : mobile ? (
          <ul className={lists.cards}>
            {users.data.map((u) => (
              <li key={u.id} className={lists.cardItemSingle} data-testid="account-user">
                <span className={lists.cardBody}>
                  <span className={lists.nameCell}>{u.nome}</span>
                  <span className={layout.muted}>{u.login}</span>
                  {u.cargo ? <span className={layout.muted}>{role(u.cargo)}</span> : null}
                  <span className={layout.muted}>
                    <Trans>Último acesso:</Trans> {lastAccess(u.lastLoginAt)}
                  </span>
                  {actions(u)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <table className={lists.table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Nome</Trans>
                </th>
                <th scope="col">
                  <Trans>Último acesso</Trans>
                </th>
                <th scope="col">
                  <Trans>Ações</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((u) => (
                <tr key={u.id} data-testid="account-user">
                  <td>
                    <span className={lists.nameCell}>{u.nome}</span>
                    <br />
                    <span className={layout.muted}>{u.login}</span>
                    {u.cargo ? <span className={layout.muted}> · {role(u.cargo)}</span> : null}
                  </td>
                  <td>{lastAccess(u.lastLoginAt)}</td>
                  <td>{actions(u)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <RemoveUserDialog
        user={removing && { id: removing.id, name: removing.nome }}
        onClose={() => setRemoving(undefined)}
        remove={remove}
      />
    </section>
  );
}
