import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { MANAGE_TEAM_USERS } from '@/lib/permissions';
import { useAccountUsers } from '../../api/list-account-users';
import { useCopy } from '../../hooks/use-copy';
import { useIsMobile } from '../../hooks/use-is-mobile';
import { useCan } from '../../hooks/use-session';
import { formatDateTime } from '../../lib/format';
import * as css from '../streaming.css';

/** SPEC §2.7 users list: name, last login (or 'Sem último acesso') and actions. */
export function UsersList() {
  const { t, i18n } = useLingui();
  const users = useAccountUsers();
  const copy = useCopy();
  const canManage = useCan(['showUsers', MANAGE_TEAM_USERS]);
  const mobile = useIsMobile();
  const lastAccess = (at: string | null) => (at ? formatDateTime(at, i18n.locale) : t`Sem último acesso`);
  const actions = (u: { nome: string; login: string }) => (
    <div className={css.toolbar}>
      <button type="button" className={css.linkButton} onClick={() => void copy(u.login, t`E-mail copiado`)}>
        <Trans>Copiar e-mail</Trans>
        <span className={css.visuallyHidden}> {u.nome}</span>
      </button>
      {canManage ? (
        <Link to="/users" className={css.link}>
          <Trans>Gerenciar</Trans>
          <span className={css.visuallyHidden}> {u.nome}</span>
        </Link>
      ) : null}
    </div>
  );
  return (
    <section className={css.fieldset} aria-labelledby="users-title">
      <h3 id="users-title" className={css.legend}>
        <Trans>Usuários da equipe</Trans>
      </h3>
      <div className={css.surface}>
        {users.isPending ? (
          <div className={css.card} aria-busy="true">
            <Skeleton height="1.2em" />
            <Skeleton height="1.2em" />
          </div>
        ) : users.isError ? (
          <p className={css.empty}>
            <Trans>Não foi possível carregar os usuários.</Trans>
          </p>
        ) : mobile ? (
          <ul className={css.cards}>
            {users.data.map((u) => (
              <li key={u.id} className={css.cardItemSingle} data-testid="account-user">
                <span className={css.cardBody}>
                  <span className={css.nameCell}>{u.nome}</span>
                  <span className={css.muted}>{u.login}</span>
                  <span className={css.muted}>
                    <Trans>Último acesso:</Trans> {lastAccess(u.lastLoginAt)}
                  </span>
                  {actions(u)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <table className={css.table}>
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
                    <span className={css.nameCell}>{u.nome}</span>
                    <br />
                    <span className={css.muted}>{u.login}</span>
                  </td>
                  <td>{lastAccess(u.lastLoginAt)}</td>
                  <td>{actions(u)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
